import type { GraphQLResolveInfo } from 'graphql';

/**
 * Whether the caller asked for `field` inside the current field's selection. A fragment could
 * hold it, so any fragment counts as "yes": the answer may only err on the side of reading more.
 */
export function selectsField(info: GraphQLResolveInfo, field: string): boolean {
  for (const node of info.fieldNodes) {
    for (const selection of node.selectionSet?.selections ?? []) {
      if (selection.kind !== 'Field' || selection.name.value === field) return true;
    }
  }
  return false;
}
