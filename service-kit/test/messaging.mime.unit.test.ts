import { expect } from 'chai';
import { decodeHeaderValue, parseEmail, parseParameterised, splitMultipart } from '../src/messaging/mime.ts';

const crlf = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'latin1');

describe('messaging: minimal MIME reader', () => {
  it('decodes Q and B encoded words, joining adjacent ones byte-wise across a split character', () => {
    // '₹' is E2 82 B9: split across two encoded words.
    expect(decodeHeaderValue('=?UTF-8?Q?Total_=E2=82?= =?UTF-8?Q?=B9500?=')).to.equal('Total ₹500');
    expect(decodeHeaderValue('=?utf-8?B?4KS54KS/4KSC4KSm4KWA?= and plain')).to.equal('हिंदी and plain');
    expect(decodeHeaderValue('=?ISO-8859-1?Q?caf=E9?=')).to.equal('café');
    expect(decodeHeaderValue('no encoding here')).to.equal('no encoding here');
  });

  it('parses parameters: tokens, quoted strings, RFC 2231 continuations', () => {
    const type = parseParameterised('Multipart/Mixed; boundary="a;b \\"c\\""; charset=utf-8');
    expect(type.value).to.equal('multipart/mixed');
    expect(type.params.get('boundary')).to.equal('a;b "c"');
    const disposition = parseParameterised("attachment;\tfilename*0*=utf-8''%E0%A4%A8%E0%A4; filename*1*=%BE%E0%A4%AE; filename*2=.txt");
    expect(disposition.params.get('filename')).to.equal('नाम.txt');
    expect(parseParameterised("attachment; filename*=UTF-8''%E2%82%B9.pdf").params.get('filename')).to.equal('₹.pdf');
  });

  it('splits multiparts on delimiter lines only, keeping empty parts and dropping preamble and epilogue', () => {
    const body = 'preamble\r\n--b\r\npart one\r\n--bogus line\r\n--b\r\n\r\n--b--\r\nepilogue';
    expect(splitMultipart(body, 'b')).to.deep.equal(['part one\r\n--bogus line', '']);
  });

  it('reads nested multiparts with LF-only line breaks and quoted-printable soft breaks', () => {
    const raw = Buffer.from(
      [
        'To: a@example.com',
        'Subject: =?UTF-8?Q?Hi?=',
        'Content-Type: multipart/mixed; boundary=outer',
        '',
        '--outer',
        'Content-Type: multipart/alternative; boundary="inner"',
        '',
        '--inner',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'one =E2=82=B9 two=',
        ' three   ',
        '--inner',
        'Content-Type: text/html; charset=utf-8',
        '',
        '<p>hi</p>',
        '--inner--',
        '--outer',
        'Content-Type: image/png',
        'Content-Transfer-Encoding: base64',
        'Content-Disposition: inline; filename="dot.png"',
        '',
        'iVBO',
        'Rw==',
        '--outer--',
        '',
      ].join('\n'),
    );
    const email = parseEmail(raw);
    expect(email.headers.get('subject')).to.deep.equal(['Hi']);
    expect(email.text).to.equal('one ₹ two three');
    expect(email.html).to.equal('<p>hi</p>');
    expect(email.attachments).to.deep.equal([{ filename: 'dot.png', contentType: 'image/png', content: Buffer.from('iVBORw==', 'base64') }]);
  });

  it('unfolds headers and reads a single-part message', () => {
    const email = parseEmail(crlf(['Subject: a long', ' folded subject', 'To: b@example.com', '', 'body line', '']));
    expect(email.headers.get('subject')).to.deep.equal(['a long folded subject']);
    expect(email.text).to.equal('body line\n');
    expect(email.attachments).to.deep.equal([]);
  });
});
