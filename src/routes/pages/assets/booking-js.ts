// /assets/booking.js: the booking page's script (plain ES2017, no build step). It reads the page's
// data-* attributes, calls the public JSON API and writes every value with textContent, never as
// HTML. Kept free of backticks and "${" so it can live in this String.raw literal.
export const BOOKING_JS = String.raw`
(function () {
  "use strict";
  var body = document.body;
  var slug = body.getAttribute("data-slug");
  var tz = body.getAttribute("data-timezone");
  var today = body.getAttribute("data-today");
  var source = body.getAttribute("data-source") === "widget" ? "widget" : "online";
  var enc = encodeURIComponent;
  function $(id) { return document.getElementById(id); }
  function show(el, on) { if (el) el.hidden = !on; }
  function text(el, value) { if (el) el.textContent = value == null ? "" : String(value); }
  function sleep(ms) { return new Promise(function (r) { setTimeout(r, ms); }); }

  // ---------- API calls, with the contract's 429 backoff ----------
  // interface.md Limits rule 4: wait Retry-After (60 if absent), double on each consecutive 429,
  // cap at 5 minutes, give up after 5 consecutive 429s.
  var notice = $("notice");
  async function waitWithNotice(seconds) {
    text(notice, "");
    var lead = document.createElement("span");
    lead.textContent = "Lots of people are booking right now. We will try again automatically in " + seconds + " seconds. ";
    var count = document.createElement("span");
    count.setAttribute("aria-hidden", "true");
    notice.appendChild(lead);
    notice.appendChild(count);
    show(notice, true);
    for (var left = seconds; left > 0; left--) {
      count.textContent = "(" + left + ")";
      await sleep(1000);
    }
    show(notice, false);
  }
  async function api(method, path, payload) {
    var wait = 0;
    for (var attempt = 1; ; attempt++) {
      var res;
      try {
        res = await fetch(path, {
          method: method,
          headers: payload ? { "Content-Type": "application/json" } : {},
          body: payload ? JSON.stringify(payload) : undefined,
          credentials: "omit",
          cache: "no-store"
        });
      } catch (e) {
        return { status: 0, body: null };
      }
      if (res.status === 429 && attempt < 5) {
        var after = parseInt(res.headers.get("Retry-After") || "", 10);
        var base = after > 0 ? after : 60;
        wait = Math.min(300, wait ? Math.max(base, wait * 2) : base);
        await waitWithNotice(wait);
        continue;
      }
      var data = null;
      try { data = await res.json(); } catch (e) { data = null; }
      return { status: res.status, body: data };
    }
  }
  function errorCode(r) {
    var e = r.body && r.body.error;
    return typeof e === "string" ? e : e && e.code;
  }
  function genericError(r) {
    if (r.status === 0) return "We could not reach the booking service. Check your connection and try again.";
    if (r.status === 429) return "Too many requests right now. Please wait a few minutes and try again.";
    if (r.status === 404) return "This business is not taking online bookings right now. Please try again later.";
    return "Something went wrong on our side. Please try again.";
  }

  // ---------- formatting (times arrive tenant-local: no time-zone arithmetic here) ----------
  var dateFmt;
  try {
    dateFmt = new Intl.DateTimeFormat(undefined, { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  } catch (e) { dateFmt = null; }
  function humanDate(ymd) {
    var p = String(ymd).slice(0, 10).split("-");
    var d = new Date(Date.UTC(+p[0], +p[1] - 1, +p[2]));
    return dateFmt && !isNaN(d.getTime()) ? dateFmt.format(d) : String(ymd).slice(0, 10);
  }
  function clock(local) { return String(local).slice(11, 16); }
  function when(start, end) {
    return humanDate(start) + ", " + clock(start) + "\u2013" + clock(end) + " (" + tz + " time)";
  }

  // ---------- slots: one button per start time ----------
  async function fetchSlots(serviceId, staffId, date) {
    var q = "?serviceId=" + enc(serviceId) + "&date=" + enc(date) + "&timezone=" + enc(tz) + (staffId ? "&staffId=" + enc(staffId) : "");
    var r = await api("GET", "/api/public/" + enc(slug) + "/availability" + q);
    if (r.status !== 200 || !r.body || !r.body.data) return { error: r };
    // "Any available": the API lists every free staff member per start, in its tie-break order;
    // the first one is offered.
    var seen = {};
    var slots = [];
    (r.body.data.slots || []).forEach(function (s) {
      if (seen[s.startTime]) return;
      seen[s.startTime] = true;
      slots.push(s);
    });
    return { slots: slots };
  }
  function renderSlots(container, slots, onPick) {
    text(container, "");
    slots.forEach(function (s) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "slot";
      b.setAttribute("aria-pressed", "false");
      b.textContent = clock(s.startTime);
      b.setAttribute("aria-label", clock(s.startTime) + " with " + s.staffName);
      b.addEventListener("click", function () {
        Array.prototype.forEach.call(container.querySelectorAll("button"), function (o) { o.setAttribute("aria-pressed", "false"); });
        b.setAttribute("aria-pressed", "true");
        onPick(s);
      });
      container.appendChild(b);
    });
  }

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

  // ---------- manage a booking by its code ----------
  var manage = { booking: null, slot: null, seq: 0, serviceId: null };
  function row(dl, label, value) {
    var dt = document.createElement("dt");
    dt.textContent = label;
    var dd = document.createElement("dd");
    dd.textContent = value;
    dl.appendChild(dt);
    dl.appendChild(dd);
  }
  var STATUS = { confirmed: "Confirmed", pending: "Pending", cancelled: "Cancelled", completed: "Completed", no_show: "Missed" };
  function renderBooking(b, message) {
    manage.booking = b;
    manage.slot = null;
    var dl = $("manage-details");
    text(dl, "");
    row(dl, "Code", b.confirmation_code);
    row(dl, "Business", b.business_name);
    row(dl, "Service", b.service_name || "");
    row(dl, "With", b.staff_name || "");
    row(dl, "When", humanDate(b.start_datetime) + ", " + clock(b.start_datetime) + "\u2013" + clock(b.end_datetime) + " (" + (b.timezone || tz) + " time)");
    row(dl, "Status", STATUS[b.status] || b.status);
    text($("manage-message"), message || "");
    show($("manage-result"), true);
    var active = b.status === "confirmed" || b.status === "pending";
    show($("manage-actions"), active);
    if (!active) return;
    var note = $("reschedule-note");
    var controls = $("reschedule-controls");
    text(note, "");
    manage.serviceId = null;
    if (b.business_slug !== slug) {
      note.appendChild(document.createTextNode("This booking is with " + b.business_name + ". To move it, open "));
      var a = document.createElement("a");
      a.href = "/book?slug=" + enc(b.business_slug);
      a.textContent = "their booking page";
      note.appendChild(a);
      note.appendChild(document.createTextNode("."));
    } else {
      // The lookup names the service; this page lists the bookable ones by name.
      var match = form && Array.prototype.find.call(form.querySelectorAll("input[name=serviceId]"), function (i) { return i.getAttribute("data-name") === b.service_name; });
      if (match) manage.serviceId = match.value;
      else note.textContent = "This service cannot be moved online. Please contact the business.";
    }
    show(note, !manage.serviceId);
    show(controls, !!manage.serviceId);
    $("reschedule-button").disabled = true;
    text($("reschedule-slots"), "");
    text($("reschedule-status"), "");
    if (manage.serviceId) {
      var sel = $("reschedule-staff");
      Array.prototype.forEach.call(sel.options, function (o) { if (o.textContent === b.staff_name) sel.value = o.value; });
      loadRescheduleSlots();
    }
  }
  async function loadRescheduleSlots(lead) {
    manage.slot = null;
    $("reschedule-button").disabled = true;
    text($("reschedule-slots"), "");
    var date = $("reschedule-date").value;
    if (!manage.serviceId || !date) return;
    var seq = ++manage.seq;
    text($("reschedule-status"), "Loading available times\u2026");
    var got = await fetchSlots(manage.serviceId, $("reschedule-staff").value, date);
    if (seq !== manage.seq) return;
    if (got.error) return text($("reschedule-status"), genericError(got.error));
    var prefix = lead ? lead + " " : "";
    if (!got.slots.length) return text($("reschedule-status"), prefix + "No free times on " + humanDate(date) + ". Please try another date.");
    text($("reschedule-status"), prefix + got.slots.length + " times available on " + humanDate(date) + ".");
    renderSlots($("reschedule-slots"), got.slots, function (s) {
      manage.slot = s;
      $("reschedule-button").disabled = false;
    });
  }
  function manageError(message) { text($("manage-error"), message); show($("manage-error"), !!message); }

  $("lookup-form").addEventListener("submit", async function (e) {
    e.preventDefault();
    manageError("");
    var code = $("lookup-code").value.trim().toUpperCase();
    if (!code) return manageError("Enter the confirmation code from your e-mail.");
    var r = await api("GET", "/api/public/booking/" + enc(code));
    if (r.status === 200 && r.body && r.body.data) return renderBooking(r.body.data);
    show($("manage-result"), false);
    manageError(r.status === 404 ? "We could not find a booking with that code. Check the code and try again." : genericError(r));
  });
  $("reschedule-date").addEventListener("change", function () { loadRescheduleSlots(); });
  $("reschedule-staff").addEventListener("change", function () { loadRescheduleSlots(); });
  $("reschedule-form").addEventListener("submit", async function (e) {
    e.preventDefault();
    manageError("");
    var b = manage.booking;
    var s = manage.slot;
    if (!b || !s) return;
    $("reschedule-button").disabled = true;
    var r = await api("POST", "/api/public/booking/" + enc(b.confirmation_code) + "/reschedule", { newStartDatetime: s.startTime, staffProfileId: s.staffProfileId });
    if (r.status === 200 && r.body && r.body.data) {
      var nb = r.body.data;
      return renderBooking(nb, "Your booking has been moved to " + humanDate(nb.start_datetime) + ", " + clock(nb.start_datetime) + ".");
    }
    var code = errorCode(r);
    if (code === "slot_taken") return loadRescheduleSlots("Sorry, that time has just been taken.");
    if (code === "not_reschedulable") return manageError("This booking can no longer be moved.");
    $("reschedule-button").disabled = false;
    manageError(r.status === 404 ? "This booking cannot be moved online right now." : genericError(r));
  });
  $("cancel-form").addEventListener("submit", async function (e) {
    e.preventDefault();
    manageError("");
    var b = manage.booking;
    if (!b) return;
    if (!window.confirm("Cancel this booking? This cannot be undone.")) return;
    var reason = $("cancel-reason").value.trim();
    var r = await api("POST", "/api/public/booking/" + enc(b.confirmation_code) + "/cancel", reason ? { reason: reason } : {});
    if (r.status === 200 && r.body && r.body.data) {
      b.status = "cancelled";
      return renderBooking(b, r.body.data.alreadyCancelled ? "This booking was already cancelled." : "Your booking has been cancelled.");
    }
    if (errorCode(r) === "not_cancellable") return manageError("This booking can no longer be cancelled.");
    manageError(genericError(r));
  });
})();
`;
