import { startPage } from "../shell/boot";

startPage("/app/staff", () => <p class="muted">Coming next.</p>);
