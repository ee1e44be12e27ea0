/* global SwaggerUIBundle, document */
// The /api-docs page's own script (a file, so the page's CSP needs no inline script): renders
// the document whose address the page's root element carries.
const root = document.getElementById('swagger-ui');
SwaggerUIBundle({ url: root.dataset.url, dom_id: '#swagger-ui', deepLinking: true });
