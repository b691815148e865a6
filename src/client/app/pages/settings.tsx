import { startPage } from "../shell/boot";

startPage("/app/settings", () => <p class="muted">Coming next.</p>);
