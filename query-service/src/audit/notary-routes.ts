/**
 * The notary's public key, signed tree heads and proofs (RFC 9162 §2.1.3, §2.1.4), answered
 * through the notary's queries from the tree it keeps in the read store and its head store,
 * so a query service in another process than the notary answers them too.
 */
import { messages, routes, type AuditPage, type SignedTreeHead } from '@stays/contracts';
import { BadRequestError, NotFoundError, ServiceUnavailableError, respond } from '@stays/service-kit';
import type { QueryContext } from '../query-context.ts';

const HEADS_PAGE_SIZE = 100;

export function mountNotaryRoutes({ notary, mount }: QueryContext): void {
  /** Sizes beyond the notarised log have no tree (yet): refused rather than guessed. */
  const withinTree = async (field: string, size: number): Promise<void> => {
    const treeSize = await notary.treeSize();
    if (size > treeSize) throw new BadRequestError(messages.server.treeSizeBeyondLog(field, treeSize));
  };

  mount(routes.auditPublicKey, async (ctx) => {
    const key = await notary.publicKey();
    if (key === null) throw new ServiceUnavailableError(messages.server.notaryNotStarted);
    respond(ctx, 200, messages.server.notaryPublicKey, key);
  });

  mount(routes.auditTreeHead, async (ctx) => {
    const head = await notary.treeHeads.latest();
    if (head === null) throw new NotFoundError(messages.server.noTreeHeadYet);
    respond(ctx, 200, messages.server.treeHeadFound, head);
  });

  mount(routes.auditTreeHeads, async (ctx) => {
    const { from, page } = ctx.input.query;
    const { items, total } = await notary.treeHeads.page(from, (page - 1) * HEADS_PAGE_SIZE, HEADS_PAGE_SIZE);
    const answer: AuditPage<SignedTreeHead> = { items, page, pageSize: HEADS_PAGE_SIZE, total };
    respond(ctx, 200, messages.server.treeHeadsFound, answer);
  });

  mount(routes.auditInclusionProof, async (ctx) => {
    const { leafIndex, treeSize } = ctx.input.query;
    if (leafIndex >= treeSize) throw new BadRequestError(messages.server.leafIndexBeyondTree);
    await withinTree('treeSize', treeSize);
    respond(ctx, 200, messages.server.inclusionProof, await notary.inclusionProof(leafIndex, treeSize));
  });

  mount(routes.auditConsistencyProof, async (ctx) => {
    const { first, second } = ctx.input.query;
    if (first > second) throw new BadRequestError(messages.server.firstAfterSecond);
    await withinTree('second', second);
    respond(ctx, 200, messages.server.consistencyProof, await notary.consistencyProof(first, second));
  });
}
