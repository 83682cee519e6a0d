/** customer-app §2 Home: "Record N - {inventory type name}", the suffix only when a name exists. */
export function recordButtonLabel(position: number, inventoryTypeName: string | null | undefined): string {
  const name = inventoryTypeName?.trim();
  return name ? `Record ${position} - ${name}` : `Record ${position}`;
}
