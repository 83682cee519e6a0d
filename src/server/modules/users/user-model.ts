/** admin-app §3 User, without roles (they are loaded in one batch when asked for). */
export interface UserModel {
  id: string;
  name: string | null;
  email: string | null;
  federatedId: string | null;
  organization: { id: string; name: string } | null;
  /** Issue 30 §6: when the person's erasure began (their row keeps no name or address). */
  erasedAt: Date | null;
}
