import type { FC } from "hono/jsx";

/**
 * The booking page's waitlist (design.md §28): "Join the waitlist" when the chosen date has no time
 * for the chosen service (the button sits with the times), the panel with its windows picker and
 * the customer's details, and the manage link's view (`?waitlist=`), which lets the customer leave.
 * The script (src/client/booking/waitlist.ts) fills and shows them; the page is usable without
 * them.
 */

export const WaitlistButton: FC = () => (
  <button type="button" id="waitlist-open" class="link-button" hidden>
    Join the waitlist
  </button>
);

const Field: FC<{ id: string; label: string; type?: string; autocomplete?: string; required?: boolean; max?: number }> = (p) => (
  <div class="field">
    <label for={p.id}>{p.label}</label>
    <input
      id={p.id}
      type={p.type ?? "text"}
      autocomplete={p.autocomplete}
      maxlength={p.max}
      required={p.required}
      aria-describedby={`${p.id}-error`}
    />
    <p id={`${p.id}-error`} class="field-error" hidden></p>
  </div>
);

/** `captcha`: the business has bot protection on (design.md §31): joins ask for the check too. */
export const WaitlistPanel: FC<{ captcha: boolean }> = ({ captcha }) => (
  <section id="waitlist" class="waitlist" tabindex={-1} aria-labelledby="waitlist-heading" hidden>
    <h3 id="waitlist-heading">Join the waitlist</h3>
    <p id="waitlist-intro"></p>
    {/* A template until the customer opens it: its fields are not in the page beside the booking form's. */}
    <template id="waitlist-content">
      <form id="waitlist-form" novalidate>
        <fieldset>
          <legend>When could you come?</legend>
          <p class="field-hint">Up to 5 times. If one of them frees up, we e-mail you a link to book it; the first to book it gets it.</p>
          <ol id="waitlist-windows" class="windows"></ol>
          <button type="button" id="waitlist-add">
            Add another time
          </button>
        </fieldset>
        <fieldset>
          <legend>Your details</legend>
          <div class="grid-2">
            <Field id="wl-firstName" label="First name" autocomplete="given-name" required max={100} />
            <Field id="wl-lastName" label="Last name" autocomplete="family-name" max={100} />
            <Field id="wl-email" label="E-mail" type="email" autocomplete="email" required />
            <Field id="wl-phone" label="Phone (optional)" type="tel" autocomplete="tel" max={40} />
          </div>
        </fieldset>
        {captcha ? (
          <div class="field" role="group" aria-labelledby="waitlist-captcha-label">
            <p class="muted small" id="waitlist-captcha-label">
              This business asks for a quick check that you are not a robot.
            </p>
            <div id="waitlist-captcha" class="captcha"></div>
          </div>
        ) : null}
        <div id="waitlist-error" class="error" role="alert" hidden></div>
        <div class="actions">
          <button type="submit" id="waitlist-submit" class="primary">
            Join the waitlist
          </button>
          <button type="button" id="waitlist-cancel">
            Back to the times
          </button>
        </div>
      </form>
    </template>
    <p id="waitlist-done" class="success" role="status" aria-live="polite" hidden></p>
  </section>
);

export const WaitlistManage: FC = () => (
  <section id="waitlist-manage" class="card" tabindex={-1} aria-labelledby="waitlist-manage-heading" hidden>
    <h2 id="waitlist-manage-heading">Your place on the waitlist</h2>
    <dl id="waitlist-manage-details" class="details"></dl>
    <p id="waitlist-manage-status" role="status" aria-live="polite"></p>
    <div id="waitlist-manage-error" class="error" role="alert" hidden></div>
    <button type="button" id="waitlist-leave" hidden>
      Leave the waitlist
    </button>
  </section>
);
