import { createContext, type ReactNode, use } from 'react';
import type { GraphQLClient } from './graphql-client.ts';

const GraphQLClientContext = createContext<GraphQLClient | null>(null);

export function GraphQLClientProvider({ client, children }: { client: GraphQLClient; children: ReactNode }) {
  return <GraphQLClientContext value={client}>{children}</GraphQLClientContext>;
}

export function useGraphQLClient(): GraphQLClient {
  const client = use(GraphQLClientContext);
  if (!client) throw new Error('useGraphQLClient() needs a <GraphQLClientProvider> above it.');
  return client;
}
