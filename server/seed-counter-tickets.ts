import type { PaymentMethod } from '#contract/counter/money.ts';
import type { TicketStatus } from '#contract/counter/workflow.ts';
import type { TicketCondition } from '#contract/schemas/counter-tickets.ts';

/**
 * When a step happens: hours after the intake, or hours after the ticket's tracked device went to
 * Apple ('apple') or after its latest progress at Apple ('news': back, on its way back, in diagnosis),
 * so a ticket's story follows what repair progress management shows for the same device.
 */
export type AppleState = 'at_apple' | 'returning' | 'back';

export type When = number | ['apple' | 'news', number];

/** One thing the shop did to the ticket, through the ticket services (server/seed-counter.ts). */
export type Step =
  | ['move', When, TicketStatus, string?]
  /** Every quote line of the ticket proposed. */
  | ['quote', When]
  /** The customer's answer: each line approved or declined as its flag says. */
  | ['decide', When]
  /** A payment of what is still owed. */
  | ['pay', When, PaymentMethod]
  /** What is held above what is due, given back (an Admin's). */
  | ['refund', When, PaymentMethod, string]
  /** The last deposit or payment cancelled whole (an Admin's). */
  | ['void', When, string]
  | ['note', When, string];

export interface DemoTicket {
  /**
   * A repair in the shop, on a tracked device that is not at Apple meanwhile: ['shop', days ago,
   * hour of the shop's day]. One sent to Apple goes with a tracked device Apple has ('at_apple'), has
   * shipped back ('returning') or has returned ('back'), the oldest such one unless 'newest': [that
   * state, hours before the device went to Apple].
   */
  intake: ['shop', number, number] | [AppleState, number, 'newest'?];
  /** Who took it in (and takes the money), and the technician, who does the work (none yet: null). */
  staff: ['admin' | 'editor', 'admin' | 'editor' | null];
  fault: string;
  condition: Partial<TicketCondition>;
  /** The promised date: this many days after the intake, at 18:00 shop time. */
  promise: number;
  deposit?: [number, PaymentMethod];
  /** [kind, description, unit price in fen, approved by the customer]; one of each. */
  lines?: Array<['part' | 'labour', string, number, boolean]>;
  /** A warranty return of that ticket (its index here): the same device, after it was collected. */
  warrantyOf?: number;
  steps: Step[];
}

type Line = NonNullable<DemoTicket['lines']>[number];
const OK = {
  screen: 'ok',
  housing: 'ok',
  buttons: 'ok',
  cameras: 'ok',
  biometrics: 'ok',
  liquid: 'ok',
} as const;
const screen = (part: number): Line[] => [
  ['part', '原装屏幕总成', part, true],
  ['labour', '更换屏幕工时', 10_000, true],
];
const BATTERY: Line[] = [
  ['part', '原装电池', 39_900, true],
  ['labour', '更换电池工时', 5_000, true],
];
/** What Apple charges for the repair, passed on, and the shop's fee for taking the phone there. */
const viaApple = (repair: string, charge: number): Line[] => [
  ['part', repair, charge, true],
  ['labour', '代送修服务费', 15_000, true],
];
const WARRANTY_FEE: Line[] = [['labour', '代送修服务费（保修内免费维修）', 10_000, true]];
/** The usual way to a repair, at these hours after the intake: diagnosed, quoted, asked, answered. */
const quoted = (diagnosed: number, quote: number, asked: number, answered: number, note?: string): Step[] => [
  ['move', diagnosed, 'diagnosing'],
  ['quote', quote],
  ['move', asked, 'waiting_approval', note],
  ['decide', answered],
];

/**
 * The demo counter (seventeen tickets over two weeks): every status of the workflow, two past their
 * promised date (a screen waiting for its part, a phone still at Apple), money that settles as the
 * product requires (deposits, payments, a refund, a void), Chinese like the rest of the demo data.
 */
export const DEMO_TICKETS: DemoTicket[] = [
  {
    intake: ['shop', 13, 10.5],
    staff: ['editor', 'editor'],
    fault: '屏幕碎裂，触摸失灵',
    condition: { ...OK, screen: 'damaged', accessories: '手机壳', passcode_given: true },
    promise: 2,
    deposit: [10_000, 'wechat'],
    lines: screen(118_000),
    steps: [
      ...quoted(0.5, 1, 1.1, 2),
      ['move', 2.2, 'repairing'],
      ['move', 26, 'ready', '已更换屏幕，触摸测试正常'],
      ['pay', 30, 'alipay'],
      ['move', 30.1, 'collected'],
    ],
  },
  {
    intake: ['back', 28],
    staff: ['admin', 'admin'],
    fault: '面容ID失效，无法录入面容',
    condition: { ...OK, biometrics: 'damaged', passcode_given: true },
    promise: 10,
    deposit: [20_000, 'cash'],
    lines: viaApple('苹果官方维修费用', 259_900),
    steps: [
      ...quoted(1, 2, 2.1, 5, '面容模组故障，需送苹果官方维修'),
      ['move', ['apple', 0], 'sent_to_apple', '已送苹果直营店'],
      ['move', ['news', 1], 'ready', '苹果已修复，设备已到店'],
      ['pay', ['news', 22], 'wechat'],
      ['move', ['news', 22.1], 'collected'],
    ],
  },
  {
    intake: ['shop', 11, 15],
    staff: ['editor', 'editor'],
    fault: '电池鼓包，后壳被顶起',
    condition: { ...OK, housing: 'damaged', accessories: '充电线' },
    promise: 1,
    lines: BATTERY,
    steps: [
      ...quoted(0.3, 0.5, 0.6, 0.8),
      ['move', 1, 'repairing'],
      ['move', 3, 'ready', '电池已更换，旧电池已回收'],
      ['pay', 20, 'card'],
      ['void', 20.1, '收款方式选错，作废后按微信重收'],
      ['pay', 20.15, 'wechat'],
      ['move', 20.2, 'collected'],
    ],
  },
  {
    intake: ['shop', 9, 11],
    staff: ['editor', 'admin'],
    fault: '摔过后无法开机',
    condition: { ...OK, housing: 'damaged', passcode_given: true },
    promise: 3,
    deposit: [5_000, 'cash'],
    lines: [['part', '主板维修（飞线）', 68_000, false]],
    steps: [
      ['note', 4, '主板供电故障，需飞线维修'],
      ...quoted(1, 4.1, 4.2, 28),
      ['refund', 28.1, 'cash', '客户不修，退还定金'],
      ['move', 28.2, 'cancelled', '客户嫌维修价格高，决定不修'],
    ],
  },
  {
    intake: ['shop', 8, 16],
    staff: ['editor', 'editor'],
    fault: '进水后无法充电',
    condition: { ...OK, liquid: 'damaged' },
    promise: 3,
    deposit: [10_000, 'wechat'],
    lines: [
      ['labour', '进水检测费', 5_000, true],
      ['part', '主板清洗及更换尾插', 45_000, false],
    ],
    steps: [
      ...quoted(0.5, 20, 20.1, 23, '主板轻微腐蚀'),
      ['refund', 23.1, 'wechat', '扣除检测费，退还余下定金'],
      ['move', 23.2, 'returned_unrepaired', '客户决定不修，原样取回'],
    ],
  },
  {
    intake: ['back', 22, 'newest'],
    staff: ['admin', 'admin'],
    fault: '屏幕闪烁，出现绿线',
    condition: { ...OK, screen: 'damaged', accessories: '手机壳', passcode_given: true },
    promise: 12,
    deposit: [10_000, 'alipay'],
    lines: viaApple('苹果官方屏幕维修', 229_900),
    steps: [
      ...quoted(1, 1.5, 1.6, 3),
      ['move', ['apple', 0], 'sent_to_apple'],
      ['move', ['news', 1], 'ready', '苹果已换新，待客户取机'],
      ['note', ['news', 3], '已电话通知客户取机'],
    ],
  },
  {
    intake: ['returning', 24],
    staff: ['editor', 'admin'],
    fault: '后置摄像头无法对焦',
    condition: { ...OK, cameras: 'damaged' },
    promise: 9,
    deposit: [20_000, 'wechat'],
    lines: viaApple('苹果官方摄像头维修', 149_900),
    steps: [
      ...quoted(1, 2, 2.1, 4),
      ['move', ['apple', 0], 'sent_to_apple'],
      ['note', ['news', 2], '苹果已寄回，快递在途'],
    ],
  },
  {
    intake: ['at_apple', 26],
    staff: ['editor', 'editor'],
    fault: '无法充电，换充电线无效',
    condition: { ...OK, accessories: '原装充电线' },
    promise: 1,
    deposit: [10_000, 'wechat'],
    lines: WARRANTY_FEE,
    steps: [
      ...quoted(0.5, 1, 1.1, 2, '保修期内，送苹果官方免费维修'),
      ['move', ['apple', 0], 'sent_to_apple'],
      ['note', ['apple', 6], '苹果检测中，已告知客户可能延期'],
    ],
  },
  {
    intake: ['at_apple', 20],
    staff: ['admin', 'admin'],
    fault: '听筒无声，通话时对方听不到',
    condition: { ...OK, passcode_given: true },
    promise: 7,
    deposit: [5_000, 'cash'],
    lines: WARRANTY_FEE,
    steps: [...quoted(0.5, 1, 1.1, 3), ['move', ['apple', 0], 'sent_to_apple']],
  },
  {
    intake: ['shop', 5, 14],
    staff: ['editor', 'editor'],
    fault: '屏幕碎裂，显示正常',
    condition: { ...OK, screen: 'damaged', accessories: '手机壳、SIM 卡托' },
    promise: 3,
    deposit: [30_000, 'wechat'],
    lines: screen(159_900),
    steps: [
      ...quoted(0.5, 1, 1.1, 2),
      ['move', 2.2, 'repairing', '原装屏缺货，已向供应商订货'],
      ['note', 48, '供应商延迟发货，已电话告知客户'],
    ],
  },
  {
    intake: ['shop', 2, 11],
    staff: ['admin', 'editor'],
    fault: '电池续航差，电池健康 72%',
    condition: { ...OK },
    promise: 3,
    lines: BATTERY,
    steps: [...quoted(0.3, 0.5, 0.6, 1), ['move', 1.2, 'repairing']],
  },
  {
    intake: ['shop', 1, 15],
    staff: ['editor', 'admin'],
    fault: '无服务，信号时有时无',
    condition: { ...OK, housing: 'damaged' },
    promise: 4,
    deposit: [10_000, 'cash'],
    lines: [
      ['part', '基带芯片维修', 58_000, true],
      ['labour', '检测费', 5_000, true],
    ],
    steps: [
      ['move', 0.5, 'diagnosing'],
      ['quote', 3],
      ['move', 3.1, 'waiting_approval', '已发报价给客户，等待确认'],
    ],
  },
  {
    intake: ['shop', 0, 10],
    staff: ['editor', 'admin'],
    fault: '进水，开机后反复重启',
    condition: { liquid: 'damaged', accessories: 'SIM 卡托、手机壳' },
    promise: 3,
    deposit: [5_000, 'wechat'],
    steps: [['move', 0.5, 'diagnosing']],
  },
  {
    intake: ['shop', 0, 11],
    warrantyOf: 0,
    staff: ['editor', 'editor'],
    fault: '换屏后触摸偶尔失灵（保修返修）',
    condition: { ...OK, passcode_given: true },
    promise: 2,
    steps: [['note', 0.2, '保修期内，免费检测']],
  },
  {
    intake: ['shop', 0, 15.5],
    staff: ['editor', null],
    fault: '摄像头模糊，拍照有黑点',
    condition: { cameras: 'damaged', housing: 'ok' },
    promise: 3,
    steps: [],
  },
  {
    intake: ['shop', 3, 10],
    staff: ['editor', 'editor'],
    fault: '无法充电，充电口接触不良',
    condition: { ...OK, accessories: '充电器' },
    promise: 4,
    deposit: [5_000, 'alipay'],
    lines: [
      ['part', '尾插排线', 18_000, true],
      ['labour', '更换尾插工时', 5_000, true],
    ],
    steps: [
      ...quoted(0.5, 1, 1.1, 2),
      ['move', 2.1, 'repairing'],
      ['move', 24, 'ready', '已修好，充电测试正常'],
    ],
  },
  {
    intake: ['shop', 6, 13],
    staff: ['admin', 'admin'],
    fault: '听筒声音小',
    condition: { ...OK },
    promise: 1,
    steps: [
      ['move', 0.2, 'diagnosing'],
      ['move', 0.5, 'repairing', '清理听筒防尘网，免费'],
      ['move', 1, 'ready'],
      ['move', 3, 'collected'],
    ],
  },
];
