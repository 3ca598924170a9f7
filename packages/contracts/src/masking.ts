/** Kinds of personal or secret data, masked on the server (security.md, "Access"). */
export const MASK_KINDS = ['name', 'phone', 'bankCard', 'idNumber', 'email', 'address', 'secret'] as const;
export type MaskKind = (typeof MASK_KINDS)[number];
