import { describe, expect, it } from "vitest";
import { get } from "../../helpers/api";
import { salon } from "./support";

// The e-mails' manage link `/book?slug=<slug>&code=<code>` (design.md §17): the page hands the
// code to its script (data-code) and fills the lookup form, so the booking opens directly.

describe("booking page opened from a manage link", () => {
  it("carries a well-formed code (normalised) to the script and the form; anything else is ignored", async () => {
    const s = await salon();
    const page = await get(`/book?slug=${s.tenant.slug}&code=bk-ab12cd`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-code="BK-AB12CD"');
    expect(page.text).toMatch(/id="lookup-code"[^>]*value="BK-AB12CD"/);
    for (const bad of ["%22%3E%3Cscript%3E", "BK-TOOLONG1", ""]) {
      const other = await get(`/book?slug=${s.tenant.slug}&code=${bad}`);
      expect(other.status).toBe(200);
      expect(other.text).toContain('data-code=""');
      expect(other.text).not.toContain("<script>");
    }
  });
});
