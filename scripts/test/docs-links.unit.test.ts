/**
 * The docs stay inside the repository: every link in README.md and docs/ points at a file
 * of this repository (and at a heading of it when it names one), none leaves it, every file
 * they name in a code span from the repository's top folders exists (a renamed file is not
 * left behind in the docs), and no text points at the product owners' `shared` folder beside
 * the repository, which a clone does not have.
 */
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Whether git ignores the path (a test run's output, say): `git check-ignore` exits 0 for one it ignores, 1 for one it does not. */
function ignoredByGit(named: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '--quiet', '--no-index', named], { cwd: ROOT, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** The text without fenced code blocks and code spans, where brackets are not links. */
const proseOf = (text: string) => text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');

/** Inline links and images `[text](target "title")`, and reference definitions `[label]: target`. */
function linksOf(text: string): string[] {
  const prose = proseOf(text);
  const inline = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
  const references = [...prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((match) => match[1]!);
  return [...inline, ...references];
}

/** GitHub's anchors for a file's headings: lower case, punctuation dropped, spaces as dashes, repeats numbered. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of proseOf(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = heading!
      .replace(/`/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\- _]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

const files = [path.join(ROOT, 'README.md'), ...markdownFiles(path.join(ROOT, 'docs'))];

/** The repository's top folders (workspaces, docs, scripts, …): a code span starting with one names a path of the repository. */
const TOP_FOLDERS = readdirSync(ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules' && entry.name !== 'data')
  .map((entry) => entry.name);

/** Paths of the repository named in code spans: `command-service/src/app.ts`, `notary/`; patterns with `{`, `*` or `<` are not paths. */
function namedPaths(text: string): string[] {
  const spans = [...text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!.trim());
  return spans.filter((span) => /^[\w.-]+(\/[\w.-]+)*\/?$/.test(span) && span.includes('/') && TOP_FOLDERS.includes(span.split('/')[0]!));
}

describe('docs links (README.md and docs/)', () => {
  it('finds the docs', () => {
    expect(files.map((file) => path.relative(ROOT, file))).to.include.members(['README.md', 'docs/architecture.md', 'docs/decisions/README.md']);
  });

  it('every link points at a file or folder of the repository, and at a heading that exists', () => {
    const broken: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const link of linksOf(text)) {
        const where = `${path.relative(ROOT, file)}: ${link}`;
        if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('//')) {
          broken.push(`${where} (leaves the repository)`);
          continue;
        }
        const [target = '', anchor] = link.split('#', 2);
        const resolved = target === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(target));
        if (resolved !== ROOT && !resolved.startsWith(ROOT + path.sep)) {
          broken.push(`${where} (outside the repository)`);
          continue;
        }
        if (!existsSync(resolved)) {
          broken.push(`${where} (no such file)`);
          continue;
        }
        if (
          anchor !== undefined &&
          anchor !== '' &&
          statSync(resolved).isFile() &&
          resolved.endsWith('.md') &&
          !anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)
        ) {
          broken.push(`${where} (no such heading)`);
        }
      }
    }
    expect(broken).to.deep.equal([]);
  });

  it('every file or folder of the repository named in a code span exists, or is output git ignores (made by a run)', () => {
    const missing = files.flatMap((file) =>
      namedPaths(readFileSync(file, 'utf8'))
        .filter((named) => !existsSync(path.join(ROOT, named)) && !ignoredByGit(named))
        .map((named) => `${path.relative(ROOT, file)}: ${named}`),
    );
    expect(missing).to.deep.equal([]);
  });

  it("no text points at the product owners' shared folder beside the repository, which a clone does not have", () => {
    const pointing = files.filter((file) => /\.\.\/shared\b/.test(readFileSync(file, 'utf8'))).map((file) => path.relative(ROOT, file));
    expect(pointing).to.deep.equal([]);
  });
});
