import { expect } from 'chai';
import { TermMatches } from '../src/hotels/term-matches.ts';

describe('the hotels a search term matches, remembered', () => {
  /** A reader of the hotels holding a term, counting its reads: `hotels` per term, as the read model holds them now. */
  const reader = (hotels: Record<string, readonly string[]>) => {
    const terms: string[] = [];
    const read = async (term: string): Promise<ReadonlySet<string>> => {
      terms.push(term);
      return new Set(hotels[term] ?? []);
    };
    return { read, terms };
  };

  it('reads a term once for searches asking together, and again once the hotels changed or another version went live', async () => {
    const matches = new TermMatches();
    const { read, terms } = reader({ pune: ['h1', 'h2'], goa: ['h3'] });
    const together = await Promise.all(Array.from({ length: 5 }, () => matches.get('pune', '1@7', read)));
    expect(terms).to.deep.equal(['pune']);
    expect(new Set(together).size).to.equal(1);
    expect([...together[0]!]).to.deep.equal(['h1', 'h2']);
    expect([...(await matches.get('goa', '1@7', read))], 'another term is its own entry').to.deep.equal(['h3']);
    expect(await matches.get('pune', '1@7', read)).to.equal(together[0]);
    await matches.get('pune', '1@9', read);
    await matches.get('pune', '2@9', read);
    await matches.get('pune', undefined, read);
    expect(terms, 'a later position, another version, no stamp yet').to.deep.equal(['pune', 'goa', 'pune', 'pune', 'pune']);
    await matches.get('pune', undefined, read);
    expect(terms.length, 'before any change: one entry too').to.equal(5);
  });

  it('keeps no failed read: the next search reads again', async () => {
    const matches = new TermMatches();
    let error: unknown;
    await matches.get('pune', '1@3', async () => Promise.reject(new Error('read store unavailable'))).catch((caught: unknown) => (error = caught));
    expect((error as Error).message).to.equal('read store unavailable');
    const { read, terms } = reader({ pune: ['h1'] });
    expect([...(await matches.get('pune', '1@3', read))]).to.deep.equal(['h1']);
    expect(terms).to.deep.equal(['pune']);
  });

  it('holds at most its bound of hotel ids, dropping the least recently used terms first', async () => {
    // each entry takes its hotels and one: two entries of two hotels fill a bound of six
    const matches = new TermMatches(6);
    const { read, terms } = reader({ a: ['h1', 'h2'], b: ['h3', 'h4'], c: ['h5', 'h6'] });
    await matches.get('a', '1@1', read);
    await matches.get('b', '1@1', read);
    await matches.get('a', '1@1', read); // a is now the most recently used
    await matches.get('c', '1@1', read); // b goes
    await matches.get('a', '1@1', read);
    expect(terms).to.deep.equal(['a', 'b', 'c']);
    await matches.get('b', '1@1', read);
    expect(terms).to.deep.equal(['a', 'b', 'c', 'b']);
  });

  it('remembers a term no hotel holds, as an entry of one', async () => {
    const matches = new TermMatches(2);
    const { read, terms } = reader({ pune: ['h1'] });
    expect((await matches.get('nowhere', '1@1', read)).size).to.equal(0);
    await matches.get('nowhere', '1@1', read);
    expect(terms).to.deep.equal(['nowhere']);
  });
});
