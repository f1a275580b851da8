import { QoS, type QoSProfileName } from '../../ros/QoS.js';

type Profile = QoS | QoSProfileName;

/** rclnodejs's QoS options of an action client or server (the same names on both sides). */
export interface ActionQoS {
  goalServiceQosProfile: Profile;
  resultServiceQosProfile: Profile;
  cancelServiceQosProfile: Profile;
  feedbackSubQosProfile: Profile;
  statusSubQosProfile: Profile;
}

/** The given profiles, each missing one as rclnodejs defaults it. */
export function actionQoS(given: Partial<ActionQoS> = {}): ActionQoS {
  return {
    goalServiceQosProfile: given.goalServiceQosProfile ?? QoS.profileServicesDefault,
    resultServiceQosProfile: given.resultServiceQosProfile ?? QoS.profileServicesDefault,
    cancelServiceQosProfile: given.cancelServiceQosProfile ?? QoS.profileServicesDefault,
    feedbackSubQosProfile: given.feedbackSubQosProfile ?? new QoS(QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_SYSTEM_DEFAULT, 10),
    statusSubQosProfile: given.statusSubQosProfile ?? QoS.profileActionStatusDefault,
  };
}
