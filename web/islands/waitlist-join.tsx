/** /book/{id}: join the practitioner's waitlist (decision 028); the island lives beside the dashboard's panel. */
import { WaitlistJoin } from "./waitlist-panel";

export default WaitlistJoin;
