import { startPage } from "../shell/boot";

startPage("/app/calendar", () => <p class="muted">Coming next.</p>);
