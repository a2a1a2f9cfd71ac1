/**
 * The conversation view's last known value in this browser (issue 36), so that a first screen asks
 * for the right list beside the code, before the settings have come; on by default.
 */
const KEY = 'postline.conversationView';

export function rememberedConversationView(): boolean {
  try {
    return window.localStorage.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

export function rememberConversationView(on: boolean): void {
  try {
    window.localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Private mode without storage: the next visit asks by the default.
  }
}
