import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from '@numero/contract/admin';
import {
  Activity,
  FilePlus2,
  LogIn,
  LogOut,
  type LucideIcon,
  PencilLine,
  ShieldCheck,
  Trash2,
} from 'lucide-react';

/** The actions of spec §3 with an icon of their own; any other action gets the generic one. */
const ICONS: Record<string, LucideIcon> = {
  UPDATE_ROLE: ShieldCheck,
  CREATE: FilePlus2,
  UPDATE: PencilLine,
  DELETE: Trash2,
  LOGIN: LogIn,
  LOGOUT: LogOut,
};

/** Every action the API records has a label in the `admin` namespace (`actions.<ACTION>`). */
export const LABELLED_ACTIONS = AUDIT_ACTIONS;

/** Every entity type the API records has a label (`entities.<type>`), those of spec §2 among them. */
export const LABELLED_ENTITIES = AUDIT_ENTITY_TYPES;

export function actionIcon(action: string): LucideIcon {
  return ICONS[action] ?? Activity;
}

export function actionLabel(action: string, t: (key: string) => string): string {
  return (LABELLED_ACTIONS as readonly string[]).includes(action) ? t(`actions.${action}`) : action;
}

export function entityLabel(entityType: string, t: (key: string) => string): string {
  return (LABELLED_ENTITIES as readonly string[]).includes(entityType)
    ? t(`entities.${entityType}`)
    : entityType;
}

/** Tones that tell kinds of change apart at a glance (the text says it too). */
export function actionTone(action: string): 'brand' | 'sky' | 'amber' | 'red' | 'slate' {
  if (action === 'DELETE' || action === 'LOGIN_FAILED') return 'red';
  if (action === 'UPDATE_ROLE' || action === 'REVOKE_SESSIONS') return 'amber';
  if (action === 'CREATE' || action === 'REGISTER') return 'brand';
  if (action === 'LOGIN' || action === 'LOGOUT') return 'sky';
  return 'slate';
}
