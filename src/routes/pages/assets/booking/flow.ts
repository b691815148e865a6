// The booking flow: service, staff, date, slot, details, confirmation with the code.
// A fragment of the booking page script, spliced inside its IIFE by ../booking-js.ts (same
// rules: no backticks or "${" in a String.raw literal).
export const FLOW_JS = String.raw`
  // ---------- the booking flow ----------
  var form = $("booking-form");
  var state = { slot: null, seq: 0 };
  function checked(name) { return form.querySelector("input[name=" + name + "]:checked"); }

  async function loadSlots(lead) {
    var svc = checked("serviceId");
    var staff = checked("staffId");
    var date = $("date").value;
    state.slot = null;
    text($("slots"), "");
    show($("step-details"), false);
    if (!svc) { text($("slot-status"), "Choose a service to see the available times."); return; }
    if (!date) { text($("slot-status"), "Choose a date to see the available times."); return; }
    var seq = ++state.seq;
    text($("slot-status"), "Loading available times\u2026");
    var got = await fetchSlots(svc.value, staff ? staff.value : "", date);
    if (seq !== state.seq) return; // a newer choice superseded this request
    if (got.error) {
      text($("slot-status"), "");
      text($("slot-error"), genericError(got.error));
      show($("slot-error"), true);
      return;
    }
    var prefix = lead ? lead + " " : "";
    if (!got.slots.length) {
      text($("slot-status"), prefix + "No free times on " + humanDate(date) + ". Please try another date.");
      return;
    }
    text($("slot-status"), prefix + got.slots.length + " times available on " + humanDate(date) + ".");
    renderSlots($("slots"), got.slots, pickSlot);
  }

  function pickSlot(s) {
    var svc = checked("serviceId");
    state.slot = s;
    show($("slot-error"), false);
    text($("summary"), svc.getAttribute("data-name") + " with " + s.staffName + ", " + when(s.startTime, s.endTime));
    var details = $("step-details");
    var first = !details.hidden ? null : $("firstName");
    show(details, true);
    details.scrollIntoView({ block: "nearest" });
    if (first && !first.value) first.focus();
  }

  var FIELD_IDS = { "customer.firstName": "firstName", "customer.lastName": "lastName", "customer.email": "email", "customer.phone": "phone", "customer.notes": "notes" };
  function clearFieldErrors() {
    Object.keys(FIELD_IDS).forEach(function (k) {
      var id = FIELD_IDS[k];
      $(id).removeAttribute("aria-invalid");
      text($(id + "-error"), "");
      show($(id + "-error"), false);
    });
    show($("form-error"), false);
  }
  function formError(message) { text($("form-error"), message); show($("form-error"), true); }

  async function submitBooking(e) {
    e.preventDefault();
    clearFieldErrors();
    if (!state.slot) {
      text($("slot-error"), "Please choose a time first.");
      show($("slot-error"), true);
      return;
    }
    if (!form.reportValidity()) return;
    var svc = checked("serviceId");
    var slot = state.slot;
    var customer = { firstName: $("firstName").value.trim(), email: $("email").value.trim() };
    ["lastName", "phone", "notes"].forEach(function (k) { var v = $(k).value.trim(); if (v) customer[k] = v; });
    var button = $("confirm-button");
    button.disabled = true;
    text(button, "Booking\u2026");
    var r = await api("POST", "/api/public/" + enc(slug) + "/bookings", {
      serviceId: svc.value,
      staffProfileId: slot.staffProfileId,
      startDatetime: slot.startTime,
      customer: customer,
      source: source
    });
    button.disabled = false;
    text(button, "Confirm booking");
    if (r.status === 201 && r.body && r.body.data) return confirmed(r.body.data, svc, slot);
    var code = errorCode(r);
    if (code === "slot_taken") {
      // Someone else got there first: say so, and show what is still free.
      await loadSlots("Sorry, that time has just been taken.");
      text($("slot-error"), "Sorry, " + clock(slot.startTime) + " on " + humanDate(slot.startTime) + " was just booked by someone else. Please choose another time.");
      show($("slot-error"), true);
      $("step-slot").scrollIntoView({ block: "nearest" });
      return;
    }
    if (code === "invalid_request" && r.body.error.details) {
      var fe = r.body.error.details.fieldErrors || {};
      var other = (r.body.error.details.formErrors || []).slice();
      Object.keys(fe).forEach(function (k) {
        var id = FIELD_IDS[k];
        if (!id) { other.push(fe[k].join(" ")); return; }
        $(id).setAttribute("aria-invalid", "true");
        text($(id + "-error"), fe[k].join(" "));
        show($(id + "-error"), true);
      });
      if (other.length) formError(other.join(" "));
      var bad = form.querySelector("[aria-invalid=true]");
      if (bad) bad.focus();
      return;
    }
    if (code === "guest_disabled") return formError("This business only takes bookings from customers with an account. Please contact the business to book.");
    formError(genericError(r));
  }

  function confirmed(data, svc, slot) {
    show(form, false);
    text($("confirmation-code"), data.confirmationCode);
    text($("confirmation-summary"), svc.getAttribute("data-name") + " with " + slot.staffName + ", " + when(slot.startTime, slot.endTime) + ".");
    var box = $("confirmation");
    show(box, true);
    box.focus();
  }

  if (form) {
    form.addEventListener("change", function (e) {
      var n = e.target && e.target.name;
      if (n === "serviceId" || n === "staffId" || n === "date") {
        show($("slot-error"), false);
        loadSlots();
      }
    });
    form.addEventListener("submit", submitBooking);
    $("book-another").addEventListener("click", function () {
      show($("confirmation"), false);
      show(form, true);
      ["notes"].forEach(function (k) { $(k).value = ""; });
      loadSlots();
      var svc = checked("serviceId") || form.querySelector("input[name=serviceId]");
      if (svc) svc.focus();
    });
    if (checked("serviceId")) loadSlots();
  }

`;
