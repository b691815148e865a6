// @ts-nocheck -- a browser script (no DOM types in the tools project)
// A stand-in for Cloudflare Turnstile's api.js (render=explicit), served by the capture server as
// the tests' TURNSTILE_JS_URL. It has the surface the booking page uses — turnstile.render(node,
// { sitekey, callback, ... }) and turnstile.reset(id) — and renders a checkbox "I am human": ticking
// it hands the page a token that the capture server's siteverify stand-in accepts once.
(() => {
  let n = 0;
  const widgets = new Map();
  window.turnstile = {
    render(node, options) {
      n += 1;
      const id = `ts-${n}`;
      const label = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.id = `turnstile-stand-in-${n}`;
      label.setAttribute("for", box.id);
      label.append(box, document.createTextNode(" I am human"));
      box.addEventListener("change", () => {
        if (box.checked) options.callback(`pass-${options.sitekey}-${Date.now()}-${n}`);
        else options["expired-callback"]?.();
      });
      node.append(label);
      widgets.set(id, { box, options });
      window.__turnstileStandIn = { sitekey: options.sitekey, rendered: widgets.size };
      return id;
    },
    reset(id) {
      const w = widgets.get(id);
      if (w) w.box.checked = false;
    },
  };
})();
