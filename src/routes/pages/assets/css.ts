// The one stylesheet of every page (served as /assets/app.css). Tenant colours arrive as CSS
// custom properties from a nonce'd <style> (validated hex, see ../theme.ts).
export const APP_CSS = String.raw`
:root{--accent:#4f46e5;--accent-text:#fff;--widget:#4f46e5;--widget-text:#fff;--bg:#f6f7f9;--card:#fff;--text:#111827;--muted:#4b5563;--line:#d1d5db;--error:#b91c1c;--error-bg:#fef2f2;--ok:#166534;--ok-bg:#f0fdf4;--warn-bg:#fffbeb;--warn:#92400e;--radius:10px}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--text);background:var(--bg)}
a{color:var(--accent)}
h1,h2,h3{line-height:1.25;margin:0 0 .5em}
h1{font-size:1.6rem}h2{font-size:1.25rem}h3{font-size:1.1rem}
p{margin:0 0 .75em}
.wrap{width:100%;max-width:960px;margin:0 auto;padding:0 16px}
.narrow{max-width:520px;margin:32px auto}
.card{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);padding:20px;margin:16px 0}
.muted{color:var(--muted)}.small{font-size:.875rem}
.skip-link{position:absolute;left:-9999px;top:0;background:#fff;padding:8px;z-index:10}
.skip-link:focus{left:8px;top:8px}
.visually-hidden{position:absolute!important;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
[hidden]{display:none!important}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
label{display:block;font-weight:600;margin-bottom:4px}
input,select,textarea{font:inherit;width:100%;max-width:100%;padding:10px 12px;border:1px solid var(--line);border-radius:8px;background:#fff;color:var(--text)}
input[aria-invalid=true],textarea[aria-invalid=true]{border-color:var(--error)}
textarea{resize:vertical}
fieldset{border:0;padding:0;margin:0 0 20px;min-width:0}
legend{font-weight:700;font-size:1.05rem;margin-bottom:8px;padding:0}
button{font:inherit;cursor:pointer;border-radius:8px;border:1px solid var(--line);background:#fff;color:var(--text);padding:10px 16px;min-height:44px}
button:hover{border-color:var(--accent)}
button.primary{background:var(--accent);border-color:var(--accent);color:var(--accent-text);font-weight:600}
button.danger{background:#fff;border-color:var(--error);color:var(--error)}
button:disabled{opacity:.55;cursor:not-allowed}
.link-button{border:0;background:none;color:var(--accent);text-decoration:underline;padding:4px;min-height:0}
.field{margin-bottom:14px}
.field-error{color:var(--error);font-size:.875rem;margin:4px 0 0}
.error{color:var(--error);background:var(--error-bg);border:1px solid #fecaca;border-radius:8px;padding:10px 12px;margin:8px 0}
.success{color:var(--ok)}
.success:empty{display:none}
.notice{background:var(--warn-bg);color:var(--warn);border:1px solid #fde68a;border-radius:8px;padding:10px 12px;margin:12px 0}
.grid-2{display:grid;grid-template-columns:1fr;gap:0 16px}
@media (min-width:600px){.grid-2{grid-template-columns:1fr 1fr}}
.inline-form{display:flex;flex-wrap:wrap;gap:8px 12px;align-items:flex-end}
.inline-form .field{flex:1 1 200px;margin:0}
.toolbar{display:flex;flex-wrap:wrap;gap:8px}
/* Booking page */
.brand{background:var(--accent);color:var(--accent-text);padding:24px 0 20px}
.brand h1{font-size:1.75rem;margin:0 0 .25em;overflow-wrap:anywhere}
.brand .muted,.brand .lede{color:inherit;opacity:.9}
.tz-label{background:var(--bg);border-radius:8px;padding:8px 12px}
.choices{display:grid;grid-template-columns:1fr;gap:8px}
@media (min-width:600px){.choices{grid-template-columns:1fr 1fr}}
.choice{display:flex;gap:10px;align-items:flex-start;font-weight:400;border:1px solid var(--line);border-radius:8px;padding:10px 12px;cursor:pointer;margin:0}
.choice:has(input:checked){border-color:var(--accent);box-shadow:0 0 0 1px var(--accent)}
.choice input{width:auto;margin-top:4px;accent-color:var(--accent)}
.choice-body{display:flex;flex-direction:column;min-width:0;overflow-wrap:anywhere}
.choice-title{font-weight:600}
.slots{display:grid;grid-template-columns:repeat(auto-fill,minmax(88px,1fr));gap:8px;margin-bottom:8px}
.slots button{padding:8px;font-variant-numeric:tabular-nums}
.slots button[aria-pressed=true]{background:var(--accent);border-color:var(--accent);color:var(--accent-text);font-weight:600}
.summary{background:var(--bg);border-radius:8px;padding:10px 12px}
.confirmation{border:2px solid var(--ok);background:var(--ok-bg);border-radius:var(--radius);padding:16px;margin-top:8px}
.code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:1.25rem;letter-spacing:.05em;white-space:nowrap}
.details{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:16px 0}
.details dt{font-weight:600}.details dd{margin:0;overflow-wrap:anywhere}
#manage-actions form{border-top:1px solid var(--line);padding-top:16px;margin-top:8px}
.message-page main{text-align:left}
footer{padding:8px 16px 32px}
/* Console */
.console-bar{background:#111827;color:#fff}
.bar{display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;min-height:52px}
.console-bar a,.console-bar .link-button{color:#fff}
.brand-link{font-weight:700;text-decoration:none;margin-right:auto}
.console-bar .muted{color:#d1d5db}
.table-wrap{overflow-x:auto}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid var(--line);vertical-align:top;overflow-wrap:anywhere}
th{font-size:.875rem;color:var(--muted)}
.badge{display:inline-block;font-size:.8rem;font-weight:600;padding:2px 8px;border-radius:999px;background:#e5e7eb;color:#111827}
.badge.bad{background:#fee2e2;color:#991b1b}.badge.good{background:#dcfce7;color:#166534}.badge.info{background:#dbeafe;color:#1e40af}
.swatch{display:inline-block;width:1em;height:1em;border-radius:4px;border:1px solid var(--line);vertical-align:-2px;margin-right:6px}
.stat{font-size:1.5rem;font-weight:700;margin:0 0 .25em}
.actions{margin:8px 0 16px}
.action-form{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);padding:16px;margin-top:12px}
.impersonation-banner{background:#7c2d12;color:#fff}
.impersonation-banner p{margin:0}
.impersonation-banner button{background:#fff;color:#7c2d12;border-color:#fff}
.owner-nav ul{display:flex;flex-wrap:wrap;gap:4px 16px;list-style:none;padding:12px 0 0;margin:0}
.owner-nav a[aria-current=page]{font-weight:700;text-decoration:none}
`;
