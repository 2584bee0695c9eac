// The 5sim answers (features/reseller/fivesim*.ts, changed on another branch) still name the activations
// capability by its old name. Delete this file once they import CustomerActivations from the module.
export type { CustomerActivations as ActivationsService } from './activations.module.ts';
