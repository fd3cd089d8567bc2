import type { ContentField } from '../../api/content-client';

/**
 * Whether a field belongs with the item's settings, beside the text on a wide screen (the image,
 * the choices and references, the switches, times and colours), rather than with the text itself.
 */
export function isSettingsField(field: ContentField): boolean {
  switch (field.kind) {
    case 'image':
    case 'choice':
    case 'reference':
    case 'relation':
    case 'flag':
    case 'instant':
    case 'color':
      return true;
    default:
      return false;
  }
}
