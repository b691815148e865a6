// Manage a booking by its code: view, reschedule, cancel with a reason.
// A fragment of the booking page script, spliced inside its IIFE by ../booking-js.ts (same
// rules: no backticks or "${" in a String.raw literal).
export const MANAGE_JS = String.raw`
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
`;
