import type { OutgoingMail } from '../../providers/mail/mailer.js';
import { escapeHtml } from './escape-html.js';

/**
 * The one layout of every mail the product sends (docs/decisions/062-player-mails.md): the casino's
 * dark theme (night-blue card, gold crown mark and button), tables and inline styles only, as mail
 * programs ignore style sheets, and a plain-text part carrying the same words. Every value is
 * escaped; a template gives only words, never HTML.
 */
export interface MailContent {
  to: string;
  subject: string;
  /** The line a mail program shows after the subject in the inbox (hidden in the mail itself). */
  preview: string;
  heading: string;
  greeting: string;
  paragraphs: string[];
  /** A receipt's lines: label and value, one per row. */
  details?: { label: string; value: string }[] | undefined;
  /** `spellOut`: the link is also written out below the button, for a mail program that hides buttons. */
  action?: { label: string; url: string; spellOut?: boolean } | undefined;
  footnote: string;
}

export const MAIL_FOOTER = 'Lucky Crown Social Casino. No purchase necessary. 18+ only. Play responsibly.';

const COLORS = {
  page: '#0d0a26',
  card: '#1a1442',
  band: '#1d1250',
  line: '#3a3170',
  text: '#f3f0ff',
  muted: '#b9b3e0',
  gold: '#f6c945',
  link: '#c9b8ff',
} as const;

function textPart(content: MailContent): string {
  const lines = [content.heading, '', content.greeting, '', ...content.paragraphs.flatMap((paragraph) => [paragraph, ''])];
  if (content.details?.length) {
    lines.push(...content.details.map((row) => `${row.label}: ${row.value}`), '');
  }
  if (content.action) lines.push(`${content.action.label}: ${content.action.url}`, '');
  lines.push(content.footnote, '', MAIL_FOOTER);
  return lines.join('\n');
}

/**
 * On a narrow screen a value may wrap, but never between an amount or a time and its unit:
 * "40,000 GC", "06:30 PM UTC" stay whole, so a date breaks only between its day and its time.
 */
function keepUnitsAttached(html: string): string {
  return html.replace(/ (?=(?:AM|PM|UTC|GC|SC)\b)/g, '&nbsp;');
}

function detailsPart(details: NonNullable<MailContent['details']>): string {
  const rows = details
    .map(
      (row, index) =>
        `<tr><td width="40%" style="padding:10px 0;${index > 0 ? `border-top:1px solid ${COLORS.line};` : ''}font-size:14px;color:${COLORS.muted}">${escapeHtml(row.label)}</td>` +
        `<td align="right" style="padding:10px 0 10px 12px;${index > 0 ? `border-top:1px solid ${COLORS.line};` : ''}font-size:14px;font-weight:bold;color:${COLORS.text};word-break:break-word">${keepUnitsAttached(escapeHtml(row.value))}</td></tr>`,
    )
    .join('\n');
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:4px 0 20px;background:${COLORS.page};border:1px solid ${COLORS.line};border-radius:12px">
<tr><td style="padding:6px 18px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">
${rows}
</table>
</td></tr>
</table>`;
}

function actionPart(action: NonNullable<MailContent['action']>): string {
  const url = escapeHtml(action.url);
  const button = `<p style="margin:24px 0;text-align:center"><a href="${url}" style="display:inline-block;background:${COLORS.gold};color:${COLORS.page};text-decoration:none;font-weight:bold;font-size:15px;padding:14px 28px;border-radius:10px">${escapeHtml(action.label)}</a></p>`;
  if (!action.spellOut) return button;
  return `${button}
<p style="margin:0 0 8px;font-size:13px;color:${COLORS.muted}">If the button does not work, copy this link into your browser:</p>
<p style="margin:0 0 20px;font-size:13px;word-break:break-all"><a href="${url}" style="color:${COLORS.link}">${url}</a></p>`;
}

export function renderMail(content: MailContent): OutgoingMail {
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="dark"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:${COLORS.page};font-family:Arial,Helvetica,sans-serif;color:${COLORS.text}">
<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(content.preview)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.page};padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:${COLORS.card};border:1px solid ${COLORS.line};border-radius:16px;overflow:hidden">
<tr><td style="background:${COLORS.band};padding:20px 28px;border-bottom:2px solid ${COLORS.gold};font-size:20px;font-weight:bold;letter-spacing:2px;color:${COLORS.gold}">&#9813; LUCKY CROWN</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 18px;font-size:22px;line-height:1.3;color:${COLORS.text}">${escapeHtml(content.heading)}</h1>
<p style="margin:0 0 16px;font-size:16px;color:${COLORS.text}">${escapeHtml(content.greeting)}</p>
${content.paragraphs.map((paragraph) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:${COLORS.text}">${escapeHtml(paragraph)}</p>`).join('\n')}
${content.details?.length ? detailsPart(content.details) : ''}
${content.action ? actionPart(content.action) : ''}
<p style="margin:0;font-size:13px;line-height:1.5;color:${COLORS.muted}">${escapeHtml(content.footnote)}</p>
</td></tr>
<tr><td style="background:${COLORS.page};border-top:1px solid ${COLORS.line};padding:16px 28px;font-size:12px;line-height:1.5;color:${COLORS.muted}">${escapeHtml(MAIL_FOOTER)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  return { to: content.to, subject: content.subject, text: textPart(content), html };
}
