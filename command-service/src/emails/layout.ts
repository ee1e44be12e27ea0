/**
 * The one layout of our emails: an HTML part built from tables with inline styles (mail
 * clients drop style sheets and many ignore flexbox), readable without images, and a
 * plain-text part carrying the same facts in the same order. Every value is escaped
 * before it enters the HTML: a hotel or guest name is text, never markup.
 */
import { messages } from '@stays/contracts';

const texts = messages.emails;

export interface EmailContent {
  readonly heading: string;
  /** Sentences before the facts (a greeting, what happened). */
  readonly intro: readonly string[];
  /** Label and value, in the order a reader looks for them (none for an email about an account). */
  readonly facts?: readonly (readonly [label: string, value: string])[];
  /** Headed paragraphs after the facts (the cancellation policy). */
  readonly sections?: readonly { readonly heading: string; readonly text: string }[];
  /** Sentences after the facts and sections. */
  readonly outro?: readonly string[];
  /** The web client's page about the booking; an http(s) address. */
  readonly link: { readonly label: string; readonly href: string };
}

export interface RenderedEmail {
  readonly html: string;
  readonly text: string;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML text or attribute value. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);

/** Only web addresses become links: anything else (javascript:, data:) is a programming error here. */
function safeHref(href: string): string {
  if (!/^https?:\/\/[^\s]+$/i.test(href)) throw new Error(`an email link must be an http(s) address, got ${JSON.stringify(href)}`);
  return escapeHtml(href);
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;color:#1c2127;';
const paragraph = (text: string) => `<p style="margin:0 0 12px 0;${FONT}font-size:15px;line-height:22px;">${escapeHtml(text)}</p>`;

function htmlOf(content: EmailContent): string {
  const facts = (content.facts ?? [])
    .map(
      ([label, value]) =>
        `<tr><th scope="row" align="left" valign="top" style="${FONT}font-size:14px;font-weight:bold;padding:6px 12px 6px 0;border-bottom:1px solid #e5e8eb;white-space:nowrap;">${escapeHtml(label)}</th>` +
        `<td align="left" valign="top" style="${FONT}font-size:14px;padding:6px 0;border-bottom:1px solid #e5e8eb;">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const sections = (content.sections ?? [])
    .map((section) => `<h2 style="margin:20px 0 8px 0;${FONT}font-size:16px;line-height:22px;">${escapeHtml(section.heading)}</h2>${paragraph(section.text)}`)
    .join('');
  const href = safeHref(content.link.href);
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.heading)}</title></head>`,
    '<body style="margin:0;padding:0;background-color:#f6f7f9;">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f6f7f9;"><tr><td align="center" style="padding:24px 12px;">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background-color:#ffffff;border:1px solid #e5e8eb;">',
    `<tr><td style="padding:24px;">`,
    `<h1 style="margin:0 0 16px 0;${FONT}font-size:22px;line-height:28px;">${escapeHtml(content.heading)}</h1>`,
    content.intro.map(paragraph).join(''),
    facts === '' ? '' : `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 8px 0;">${facts}</table>`,
    sections,
    (content.outro ?? []).map(paragraph).join(''),
    `<p style="margin:20px 0;"><a href="${href}" style="${FONT}font-size:15px;font-weight:bold;color:#ffffff;background-color:#215db0;padding:10px 16px;text-decoration:none;display:inline-block;">${escapeHtml(content.link.label)}</a></p>`,
    `<p style="margin:0 0 12px 0;${FONT}font-size:13px;line-height:18px;">${escapeHtml(content.link.label)}: <a href="${href}" style="color:#215db0;">${escapeHtml(content.link.href)}</a></p>`,
    paragraph(texts.signOff),
    `<p style="margin:16px 0 0 0;${FONT}font-size:12px;line-height:18px;color:#5f6b7c;">${escapeHtml(texts.automatic)}</p>`,
    '</td></tr></table>',
    '</td></tr></table>',
    '</body></html>',
  ].join('\n');
}

function textOf(content: EmailContent): string {
  const blocks: string[][] = [
    [content.heading],
    [...content.intro],
    (content.facts ?? []).map(([label, value]) => `${label}: ${value}`),
    ...(content.sections ?? []).map((section) => [section.heading, section.text]),
  ];
  if (content.outro && content.outro.length > 0) blocks.push([...content.outro]);
  blocks.push([`${content.link.label}: ${content.link.href}`], [texts.signOff], [texts.automatic]);
  return blocks
    .filter((lines) => lines.length > 0)
    .map((lines) => lines.join('\n'))
    .join('\n\n');
}

/** The HTML and plain-text parts of one email. */
export function renderEmail(content: EmailContent): RenderedEmail {
  return { html: htmlOf(content), text: textOf(content) };
}
