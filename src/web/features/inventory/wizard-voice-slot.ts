/** Where the wizard's recordings are kept on the device, in place of a record id (decision 188). */
export const WIZARD_VOICE_SLOT = 'inventory-wizard';
