import { createContext, type ReactNode, use } from 'react';
import type { ClientConfig } from '#domain/client-config.ts';

const ClientConfigContext = createContext<ClientConfig | null>(null);

export function ClientConfigProvider({ config, children }: { config: ClientConfig; children: ReactNode }) {
  return <ClientConfigContext value={config}>{children}</ClientConfigContext>;
}

export function useClientConfig(): ClientConfig {
  const config = use(ClientConfigContext);
  if (!config) throw new Error('useClientConfig() needs a <ClientConfigProvider> above it.');
  return config;
}

/** The product's name as the interface shows it ("{product}" in the spec's texts). */
export function useProductName(): string {
  return useClientConfig().productName;
}
