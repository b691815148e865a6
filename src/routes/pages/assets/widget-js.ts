// /widget.js: runs on the tenant's own site (any origin). It finds its own <script> tag, takes
// the base URL from that tag's src (so it works from any host serving it, a custom domain
// included) and asks /widget/status whether the business can take bookings. Every value goes
// through textContent or CSSOM properties; nothing is written as HTML. No backticks or "${" here.
export const WIDGET_JS = String.raw`
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.src) return;
  var slug = (script.getAttribute("data-slug") || "").trim();
  var label = script.getAttribute("data-label") || "Book an appointment";
  var base = new URL("./", script.src);
  var HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

  function textOn(hex) {
    var h = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, "#$1$1$2$2$3$3") : hex;
    var c = [1, 3, 5].map(function (i) {
      var v = parseInt(h.substr(i, 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    var l = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    return 1.05 / (l + 0.05) >= (l + 0.05) / 0.0597 ? "#ffffff" : "#111827";
  }

  var root = document.createElement("div");
  root.className = "booking-widget";
  root.setAttribute("data-booking-widget", slug);
  var button = document.createElement("button");
  button.type = "button";
  button.disabled = true;
  button.textContent = "Loading booking\u2026";
  var s = button.style;
  s.font = "600 16px/1.2 system-ui, sans-serif";
  s.padding = "12px 20px";
  s.minHeight = "44px";
  s.border = "0";
  s.borderRadius = "8px";
  s.cursor = "pointer";
  s.background = "#6b7280";
  s.color = "#ffffff";
  var status = document.createElement("p");
  status.setAttribute("role", "status");
  status.style.margin = "8px 0 0";
  status.style.font = "14px/1.4 system-ui, sans-serif";
  root.appendChild(button);
  root.appendChild(status);
  script.parentNode.insertBefore(root, script.nextSibling);

  function unavailable(message) {
    button.disabled = true;
    button.style.cursor = "not-allowed";
    button.style.background = "#6b7280";
    button.textContent = "Booking unavailable";
    root.setAttribute("data-state", "unavailable");
    status.textContent = message;
  }

  if (!slug) return unavailable("Online booking is not set up on this page.");

  fetch(new URL("widget/status?slug=" + encodeURIComponent(slug), base).toString(), { credentials: "omit" })
    .then(function (r) { return r.json(); })
    .then(function (body) {
      var d = body && body.data;
      if (!d || d.status === "unknown") return unavailable("Online booking is not available.");
      if (d.status !== "available") {
        return unavailable("Online booking" + (d.businessName ? " with " + d.businessName : "") + " is temporarily unavailable. Please try again later.");
      }
      var color = HEX.test(d.widgetColor || "") ? d.widgetColor : "#4f46e5";
      var url = new URL("book?slug=" + encodeURIComponent(slug) + "&via=widget", base).toString();
      var name = d.businessName || "this business";
      button.disabled = false;
      button.style.background = color;
      button.style.color = textOn(color);
      button.textContent = label;
      root.setAttribute("data-state", "available");
      if (d.widgetMode === "inline") {
        var frame = null;
        button.setAttribute("aria-expanded", "false");
        button.addEventListener("click", function () {
          if (!frame) {
            frame = document.createElement("iframe");
            frame.src = url;
            frame.title = "Book with " + name;
            frame.style.display = "block";
            frame.style.width = "100%";
            frame.style.maxWidth = "720px";
            frame.style.height = "760px";
            frame.style.border = "1px solid #d1d5db";
            frame.style.borderRadius = "8px";
            frame.style.marginTop = "12px";
            root.insertBefore(frame, status);
            button.setAttribute("aria-expanded", "true");
            return;
          }
          frame.hidden = !frame.hidden;
          button.setAttribute("aria-expanded", frame.hidden ? "false" : "true");
        });
      } else {
        button.addEventListener("click", function () {
          var w = window.open(url, "booking-" + slug, "popup,width=520,height=780");
          // A blocked popup still gets the customer to the booking page.
          if (!w) window.location.href = url;
        });
      }
    })
    .catch(function () { unavailable("Online booking could not be loaded. Please try again later."); });
})();
`;
