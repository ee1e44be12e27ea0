/**
 * Checks an API answer against the OpenAPI document (contracts openapi.ts): the operation of
 * the call's method and path, the response of its status, the schema of that response. The
 * API tests' HTTP clients run every answer through it, so the document is proven by the suite.
 * A call outside the table (an unknown path, another method) is not part of the contract and
 * is not checked; a documented call answering an undocumented status or shape throws, naming
 * the route, the status and the schema's complaint.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { UNDOCUMENTED_ANSWER, openApiDocument, type JsonSchema } from '@stays/contracts';

interface Operation {
  readonly name: string;
  readonly method: string;
  readonly pattern: RegExp;
  readonly literal: number;
  readonly operation: JsonSchema;
}

export interface CheckedAnswer {
  readonly method: string;
  /** The URL's path (with the API prefix). */
  readonly path: string;
  readonly status: number;
  readonly contentType: string | null;
  /** The parsed JSON body (or text when it is not JSON). */
  readonly body: unknown;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class AnswerChecker {
  private readonly document: JsonSchema;
  private readonly operations: Operation[] = [];
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });

  constructor(readonly prefix: string) {
    this.document = openApiDocument({ prefix });
    for (const [path, methods] of Object.entries(this.document.paths as Record<string, Record<string, JsonSchema>>)) {
      for (const [method, operation] of Object.entries(methods)) {
        const pattern = new RegExp(
          `^${escapeRegExp(prefix)}${path
            .split(/\{[A-Za-z]+\}/)
            .map(escapeRegExp)
            .join('[^/]+')}/?$`,
          'i',
        );
        this.operations.push({
          name: operation.operationId as string,
          method: method.toUpperCase(),
          pattern,
          literal: path.replace(/\{[^}]+\}/g, '').length,
          operation,
        });
      }
    }
    // a literal path wins over a parameter that would match it too, as the routers decide
    this.operations.sort((a, b) => b.literal - a.literal);
  }

  /** Throws when a documented call's answer is not what the document says. */
  check(answer: CheckedAnswer): void {
    const method = answer.method.toUpperCase();
    const found = this.operations.find((candidate) => candidate.method === method && candidate.pattern.test(answer.path));
    if (found === undefined) return;
    const where = `${method} ${answer.path} (${found.name}) answered ${answer.status}`;
    const undocumented = found.operation[UNDOCUMENTED_ANSWER];
    if (typeof undocumented === 'string') throw new Error(`${where}, but the document has no answer for it: ${undocumented}`);
    const responses = found.operation.responses as Record<string, JsonSchema>;
    const response = responses[String(answer.status)];
    if (response === undefined) {
      throw new Error(`${where}: the document lists only ${Object.keys(responses).join(', ')} for ${found.name} (contracts/src/responses.ts)`);
    }
    const content = response.content as Record<string, { schema?: JsonSchema }>;
    const mediaType = (answer.contentType ?? '').split(';')[0]!.trim().toLowerCase();
    const documented = Object.keys(content);
    const media = content[mediaType] ?? (documented.includes('application/octet-stream') ? content['application/octet-stream'] : undefined);
    if (media === undefined) throw new Error(`${where} as ${mediaType || 'no content type'}, but the document says ${documented.join(', ')}`);
    if (media.schema === undefined || !mediaType.endsWith('json')) return;
    const validate = this.validatorOf(`${found.name} ${answer.status}`, media.schema);
    if (!validate(answer.body)) {
      const problems = (validate.errors ?? []).map((error) => `${error.instancePath || '(body)'} ${error.message ?? ''}`.trim()).join('; ');
      throw new Error(`${where}, not as documented: ${problems}\nbody: ${JSON.stringify(answer.body).slice(0, 600)}`);
    }
  }

  private validatorOf(key: string, schema: JsonSchema): ValidateFunction {
    let validate = this.validators.get(key);
    if (validate === undefined) {
      validate = this.ajv.compile({ ...schema, components: this.document.components });
      this.validators.set(key, validate);
    }
    return validate;
  }
}

const checkers = new Map<string, AnswerChecker>();
/** One checker per prefix (the document and its compiled schemas are built once). */
export function answerCheckerFor(prefix: string): AnswerChecker {
  let checker = checkers.get(prefix);
  if (checker === undefined) {
    checker = new AnswerChecker(prefix);
    checkers.set(prefix, checker);
  }
  return checker;
}
