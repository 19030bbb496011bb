import type { OutgoingMail } from '../../providers/mail/mailer.js';

/**
 * The account e-mails (issue 3 point 5): real HTML and plain-text parts carrying the link. Every
 * value put into the HTML is escaped.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

function duration(seconds: number): string {
  if (seconds % 86_400 === 0) return `${seconds / 86_400} day${seconds === 86_400 ? '' : 's'}`;
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`;
  const minutes = Math.max(1, Math.round(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

interface MailContent {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  footnote: string;
}

function render(content: MailContent): OutgoingMail {
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${content.action.label}: ${content.action.url}`,
    '',
    content.footnote,
    '',
    'Lucky Crown Social Casino. No purchase necessary. 18+ only. Play responsibly.',
  ].join('\n');
  const url = escapeHtml(content.action.url);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#0d0a26;font-family:Arial,Helvetica,sans-serif;color:#1f1d2b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#0d0a26;padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px;overflow:hidden">
<tr><td style="background:#1d1250;padding:20px 28px;font-size:20px;font-weight:bold;letter-spacing:2px;color:#f6c945">LUCKY CROWN</td></tr>
<tr><td style="padding:28px">
<p style="margin:0 0 16px;font-size:16px">${escapeHtml(content.greeting)}</p>
${content.paragraphs.map((paragraph) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.5">${escapeHtml(paragraph)}</p>`).join('\n')}
<p style="margin:24px 0;text-align:center"><a href="${url}" style="display:inline-block;background:#f6c945;color:#0d0a26;text-decoration:none;font-weight:bold;padding:14px 28px;border-radius:10px">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#555">If the button does not work, copy this link into your browser:</p>
<p style="margin:0 0 20px;font-size:13px;word-break:break-all"><a href="${url}" style="color:#5b3fd6">${url}</a></p>
<p style="margin:0;font-size:13px;color:#555">${escapeHtml(content.footnote)}</p>
</td></tr>
<tr><td style="background:#f4f2fb;padding:16px 28px;font-size:12px;color:#666">Lucky Crown Social Casino. No purchase necessary. 18+ only. Play responsibly.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  return { to: content.to, subject: content.subject, text, html };
}

export function verificationMail(input: { to: string; username: string; link: string; ttlSeconds: number }): OutgoingMail {
  return render({
    to: input.to,
    subject: 'Verify your e-mail address',
    greeting: `Hi ${input.username},`,
    paragraphs: [
      'Welcome to Lucky Crown! Please confirm that this is your e-mail address to finish creating your account.',
      `The link works once and expires in ${duration(input.ttlSeconds)}.`,
    ],
    action: { label: 'Verify e-mail', url: input.link },
    footnote: 'If you did not create a Lucky Crown account, you can ignore this e-mail.',
  });
}

export function passwordResetMail(input: { to: string; username: string; link: string; ttlSeconds: number }): OutgoingMail {
  return render({
    to: input.to,
    subject: 'Reset your password',
    greeting: `Hi ${input.username},`,
    paragraphs: [
      'We received a request to reset the password of your Lucky Crown account.',
      `The link works once and expires in ${duration(input.ttlSeconds)}. Resetting your password signs you out on every device.`,
    ],
    action: { label: 'Reset password', url: input.link },
    footnote: 'If you did not ask to reset your password, you can ignore this e-mail: your password stays the same.',
  });
}
