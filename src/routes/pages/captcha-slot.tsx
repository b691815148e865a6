import type { FC } from "hono/jsx";

/**
 * Where Turnstile draws its check in a form (design.md §31): the booking form, the waitlist panel
 * and the gift-card form each have one, named by `id` (`<id>-label` labels the group).
 */
export const CaptchaSlot: FC<{ id: string; label: string }> = ({ id, label }) => (
  <div class="field" role="group" aria-labelledby={`${id}-label`}>
    <p class="muted small" id={`${id}-label`}>
      {label}
    </p>
    <div id={id} class="captcha"></div>
  </div>
);
