import { useState } from 'react';

/**
 * admin-app §4: one row of a list in edit mode at a time; the add row opens and closes with its
 * button. While either is open the table's keys belong to the row's fields.
 */
export function useInlineEdit() {
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  return {
    editing,
    adding,
    isOpen: editing !== null || adding,
    edit: (id: string) => setEditing(id),
    stopEditing: () => setEditing(null),
    toggleAdding: () => setAdding((open) => !open),
    stopAdding: () => setAdding(false),
  };
}

export type InlineEdit = ReturnType<typeof useInlineEdit>;
