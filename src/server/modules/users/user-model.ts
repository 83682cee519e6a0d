/** admin-app §3 User, without roles (they are loaded in one batch when asked for). */
export interface UserModel {
  id: string;
  name: string | null;
  email: string | null;
  federatedId: string | null;
  organization: { id: string; name: string } | null;
}
