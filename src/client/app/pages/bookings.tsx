import { startPage } from "../shell/boot";

startPage("/app/bookings", () => <p class="muted">Coming next.</p>);
