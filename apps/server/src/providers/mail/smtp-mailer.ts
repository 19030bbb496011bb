import nodemailer from 'nodemailer';
import { MailDeliveryError, type Mailer } from './mailer.js';

/** The real mail adapter: SMTP through nodemailer, to the server named by SMTP_URL. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      } catch (error) {
        // The cause names the SMTP reply, never the credentials of SMTP_URL.
        throw new MailDeliveryError(`SMTP delivery failed: ${(error as Error).message}`, { cause: error });
      }
    },
  };
}
