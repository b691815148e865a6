import { startPage } from "../shell/boot";

startPage("/app/customers", () => <p class="muted">Coming next.</p>);
