import type { FilterSampleMessage } from './filters.js';

/** The five sample e-mails of the test modal (SPEC §2, §9). */
export const FILTER_TEST_SAMPLES: readonly FilterSampleMessage[] = [
  {
    id: 'sample-1',
    subject: '[긴급] 운영 서버 장애 보고 - Production DB latency',
    fromAddress: 'alerts@monitoring.example.com',
    fromName: '운영 모니터링',
    bodyText:
      '운영 DB 응답 시간이 5초를 넘었습니다.\nAffected service: order-api (ap-northeast-2)\n담당자는 즉시 확인해 주세요.',
    toAddresses: ['me@postline.local', 'oncall@example.com'],
    receivedAt: '2025-03-14T01:12:00.000Z',
    hasAttachments: false,
    importance: 'HIGH',
    sizeBytes: 4_210,
  },
  {
    id: 'sample-2',
    subject: '주간 팀 회의 안내 (Weekly team meeting)',
    fromAddress: 'minji.kim@company.co.kr',
    fromName: '김민지',
    bodyText:
      '안녕하세요, 이번 주 회의는 목요일 오후 2시 3층 회의실에서 진행합니다.\nAgenda is attached. 참석 여부를 알려 주세요.',
    toAddresses: ['me@postline.local'],
    ccAddresses: ['team-lead@company.co.kr'],
    receivedAt: '2025-03-13T23:30:00.000Z',
    hasAttachments: true,
    attachmentNames: ['회의안건_0314.pdf'],
    importance: 'NORMAL',
    sizeBytes: 182_400,
  },
  {
    id: 'sample-3',
    subject: '[광고] 봄맞이 특가 세일 최대 70% 할인 - Spring Sale',
    fromAddress: 'newsletter@shop.example.com',
    fromName: 'Example Shop',
    bodyText:
      '봄맞이 특가! 지금 바로 확인하세요.\nUnsubscribe: https://shop.example.com/unsubscribe\n수신을 원하지 않으시면 수신 거부를 눌러 주세요.',
    toAddresses: ['me@postline.local'],
    receivedAt: '2025-03-12T09:00:00.000Z',
    hasAttachments: false,
    importance: 'LOW',
    sizeBytes: 56_800,
  },
  {
    id: 'sample-4',
    subject: 'Invoice #2025-0315 for March services',
    fromAddress: 'billing@vendor.example.com',
    fromName: 'Vendor Billing',
    bodyText:
      'Dear customer,\nPlease find attached the invoice for March. Payment is due within 30 days.\n감사합니다.',
    toAddresses: ['me@postline.local'],
    ccAddresses: ['accounting@company.co.kr'],
    receivedAt: '2025-03-11T06:45:00.000Z',
    hasAttachments: true,
    attachmentNames: ['invoice-2025-0315.pdf'],
    importance: 'NORMAL',
    sizeBytes: 1_320_000,
  },
  {
    id: 'sample-5',
    subject: 'Re: 프로젝트 진행 상황 공유 (Project status update)',
    fromAddress: 'john.smith@partner.example.com',
    fromName: 'John Smith',
    bodyText:
      'Hi team,\nThe beta release is on track. 일정표와 로드맵을 첨부합니다.\nPlease review before Friday.',
    toAddresses: ['me@postline.local', 'pm@company.co.kr'],
    receivedAt: '2025-03-10T14:20:00.000Z',
    hasAttachments: true,
    attachmentNames: ['status-report.xlsx', 'roadmap_v2.pptx'],
    importance: 'HIGH',
    sizeBytes: 2_850_000,
  },
];
