import type { Middleware } from 'koa';
export declare const API_DOCS_PATH = "/api-docs";
export declare const swaggerDir: string;
export declare const ownDir: string;
/** The files the page loads, and where each comes from. */
export declare const apiDocsFiles: Readonly<Record<string, string>>;
export declare const apiDocsPolicy: string;
/** The page, reading the document at `documentUrl`. */
export declare const apiDocsPage: (documentUrl: string) => string;
/** Answers /api-docs and its files; other paths pass on. */
export declare function apiDocs(apiPrefix: string): Middleware;
