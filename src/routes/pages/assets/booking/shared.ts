// Shared by the booking flow and by manage-by-code: page data, the API client with the contract's 429 backoff, formatting, slot buttons.
// A fragment of the booking page script, spliced inside its IIFE by ../booking-js.ts (same
// rules: no backticks or "${" in a String.raw literal).
export const SHARED_JS = String.raw`
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

`;
