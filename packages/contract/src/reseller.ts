/** Where resellers' bots (written for sms-activate and its successors) call the store. */
export const HANDLER_API_PATH = '/stubs/handler_api.php';
