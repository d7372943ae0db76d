/** The bots feature's public face: the bot list and bot-level calls. */
export {
  BOT_LIST_KEY,
  deleteBot,
  fetchBotList,
  fetchBotStatus,
  fetchGeneralSettings,
  saveGeneralSettings,
  useBotList,
} from './bots.api.ts';
export { TargetBotPicker } from './TargetBotPicker.tsx';
export {
  acceptTrained,
  type ChosenTarget,
  chooseBot,
  nameNewBot,
  startNewBot,
  trainingTarget,
  useChosenTarget,
} from './training-target.ts';
export { useRecentBotWhenNoneChosen } from './use-recent-bot.ts';
