import { startPage } from "../shell/boot";

startPage("/app/ai-log", () => <p class="muted">Coming next.</p>);
