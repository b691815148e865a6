import { startPage } from "../shell/boot";

startPage("/app/services", () => <p class="muted">Coming next.</p>);
