// @ts-nocheck -- a browser script (no DOM types in the tools project)
// A stand-in for Stripe.js v3, served by the capture server as the tests' STRIPE_JS_URL. It has
// the small surface the booking page uses — Stripe(key, { stripeAccount }), elements({
// clientSecret }), create("payment").mount(node), confirmPayment / confirmSetup({ elements,
// redirect: "if_required" }) — and a Payment Element that is a plain card-number field. Card
// 4000 0000 0000 0002 is declined; any other number of 12+ digits succeeds. It makes no network
// call: in a test, Stripe's webhook is sent by the test itself, as Stripe would send it.
(() => {
  const DECLINED = "4000000000000002";

  function Stripe(publishableKey, options) {
    const calls = [];
    window.__stripeStandIn = { publishableKey, options: options ?? {}, calls };
    let input = null;

    function elements(opts) {
      const clientSecret = opts?.clientSecret ?? "";
      return {
        clientSecret,
        create(type) {
          return {
            mount(target) {
              const node = typeof target === "string" ? document.querySelector(target) : target;
              const label = document.createElement("label");
              label.textContent = "Card number";
              label.setAttribute("for", "stand-in-card");
              input = document.createElement("input");
              input.id = "stand-in-card";
              input.setAttribute("inputmode", "numeric");
              input.setAttribute("autocomplete", "cc-number");
              input.dataset.elementType = type;
              const box = document.createElement("div");
              box.className = "stand-in-payment-element";
              box.append(label, input);
              node.append(box);
            },
            unmount() {
              input?.closest(".stand-in-payment-element")?.remove();
            },
            destroy() {
              input?.closest(".stand-in-payment-element")?.remove();
              input = null;
            },
          };
        },
      };
    }

    function confirm(kind, params) {
      const secret = params?.elements?.clientSecret ?? "";
      const id = secret.split("_secret_")[0];
      const card = (input?.value ?? "").replace(/\s+/g, "");
      calls.push({ kind, id, card });
      if (card.length < 12) {
        return Promise.resolve({ error: { type: "validation_error", message: "Your card number is incomplete." } });
      }
      if (card === DECLINED) {
        return Promise.resolve({ error: { type: "card_error", code: "card_declined", message: "Your card was declined." } });
      }
      const object = { id, status: "succeeded" };
      return Promise.resolve(kind === "payment" ? { paymentIntent: object } : { setupIntent: object });
    }

    return {
      elements,
      confirmPayment: (params) => confirm("payment", params),
      confirmSetup: (params) => confirm("setup", params),
    };
  }

  window.Stripe = Stripe;
})();
