# One image per service, built from this repository:
#   docker build --target service --build-arg SERVICE=command-service .
#   docker build --target gateway .
FROM node:20-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts ./scripts
COPY contracts/package.json contracts/
COPY event-store/package.json event-store/
COPY read-store/package.json read-store/
COPY service-kit/package.json service-kit/
COPY personal-data/package.json personal-data/
COPY projections/package.json projections/
COPY notary/package.json notary/
COPY command-service/package.json command-service/
COPY query-service/package.json query-service/
COPY frontend/package.json frontend/
COPY standalone/package.json standalone/
# npm builds argon2 from source against the image's Node headers (see scripts/build-native.mjs)
RUN npm config set nodedir /usr/local && npm ci
COPY . .
# The gateway's client: built with Google sign-in when configured, its security headers written for nginx
ARG PUBLIC_URL=http://localhost:8080
ARG VITE_GOOGLE_CLIENT_ID=
RUN npm run build && node --import tsx scripts/gateway-headers.ts > deploy/security-headers.conf
# The API reference page (/api-docs): its files and its own headers
RUN node --import tsx scripts/api-docs-files.ts deploy/api-docs > deploy/api-docs-headers.conf

FROM node:20-bookworm-slim AS service
ARG SERVICE=command-service
ENV NODE_ENV=production SERVICE=${SERVICE} PORT=8080 DATA_DIR=/app/data
WORKDIR /app
COPY --from=build /app /app
# /app is root's; the data directory (the mail and SMS outbox when no SMTP_URL /
# SMS_WEBHOOK_URL is set) is the node user's, and a volume mounted on it starts that way.
RUN mkdir -p /app/data/outbox && chown -R node:node /app/data
USER node
EXPOSE 8080
# SERVICE is a workspace (command-service, query-service, projections) or a folder with a server.ts
CMD ["sh", "-c", "if [ -f ${SERVICE}/server.ts ]; then exec node --import tsx ${SERVICE}/server.ts; else exec node --import tsx ${SERVICE}/src/server.ts; fi"]

FROM nginx:1.27-alpine AS gateway
COPY deploy/gateway.nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/deploy/security-headers.conf /etc/nginx/snippets/security-headers.conf
COPY --from=build /app/frontend/dist /usr/share/nginx/html
COPY --from=build /app/deploy/api-docs /usr/share/nginx/html/api-docs
COPY --from=build /app/deploy/api-docs-headers.conf /etc/nginx/snippets/api-docs-headers.conf
