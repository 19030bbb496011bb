/**
 * The shell of the sandbox's development pages (/dev/mail, /dev/sms): one dark page in the
 * casino's colours, the title as its heading, a lead line with links, and the page's own rows.
 * `lead` and `body` are HTML the caller has escaped; `css` adds the page's own rules.
 */
export function devPageHtml({ title, lead, body, css = '' }: { title: string; lead: string; body: string; css?: string }): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Lucky Crown</title>
<style>
body{margin:0;background:#0d0a26;color:#ece9ff;font:15px/1.5 system-ui,sans-serif}
main{max-width:900px;margin:0 auto;padding:24px 16px}
h1{font-size:22px;margin:0 0 4px;color:#f6c945}
.lead{margin:0 0 24px;color:#b9b3e0}
a{color:#f6c945}
.empty{color:#b9b3e0}
${css}
</style></head>
<body><main>
<h1>${title}</h1>
<p class="lead">${lead}</p>
${body}
</main></body></html>`;
}
