import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { Document, MessagePage, renderPage } from "./layout";
import { newNonce, setPageHeaders } from "./security";

/** `/` on the platform's own host: a short landing page with a way to a business's booking page. */
export async function landingPage(c: Context<AppEnv>) {
  const nonce = newNonce();
  setPageHeaders(c, { nonce });
  const page = (
    <Document title="Appointment booking" nonce={nonce} bodyClass="centered landing">
      <main id="main" class="card">
        <p class="page-mark">Bookings</p>
        <h1>Appointment booking</h1>
        <p>Book appointments with the businesses that use this platform.</p>
        <form action="/book" method="get" class="inline-form">
          <div class="field">
            <label for="slug">Business address name</label>
            <input id="slug" name="slug" required pattern="[a-z0-9\-]{1,63}" placeholder="e.g. demo-salon" autocapitalize="none" />
          </div>
          <button type="submit" class="primary">
            Open booking page
          </button>
        </form>
        <p class="muted small">
          Platform operators: <a href="/admin">sign in to the console</a>.
        </p>
      </main>
    </Document>
  );
  return c.html(await renderPage(page));
}

export async function notFoundPage(c: Context<AppEnv>) {
  const nonce = newNonce();
  setPageHeaders(c, { nonce });
  const page = (
    <MessagePage title="Page not found" heading="Page not found" nonce={nonce}>
      <p>
        There is nothing at this address. <a href="/">Go to the start page</a>.
      </p>
    </MessagePage>
  );
  return c.html(await renderPage(page), 404);
}
