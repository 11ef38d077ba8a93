/*
 * cbf.h — CBF records: the XML game records of the CCBridge (象棋桥)
 * family of programs.
 *
 *     <?xml version="1.0" encoding="utf-8"?>
 *     <ChineseChessRecord Version="1.0">
 *      <Head>
 *       <Name>…</Name> <Contest>…</Contest> <Round/> <Date/> <Site/>
 *       <Red>…</Red> <RedTeam/> <Black>…</Black> <BlackTeam/>
 *       <Commentator/> <ECCO>D21</ECCO>
 *       <RecordResult>1</RecordResult>     (0 unknown, 1 Red wins, 2 Black wins, 3/4 a draw)
 *       <FEN>rnbakabnr/9/… w - - 0 1</FEN>
 *      </Head>
 *      <MoveList>
 *       <Move value="00-00"/>              (the start: no move)
 *       <Move value="77-47"/>              (file 0-8 from Red's left, row 0-9 from Black's side)
 *       <Move value="79-67" end="1"/>
 *      </MoveList>
 *     </ChineseChessRecord>
 *
 * "77-47" is ICCS h2e2 (炮二平五): a square is its file then its row
 * counted from Black's back row, as DhtmlXQ counts.  A move's comment is
 * its comment attribute, or the text inside <Move>…</Move>.  The reader
 * is a small XML scanner of its own (no library): elements, attributes
 * in either quote, the five entities and &#N;/&#xN;, comments, CDATA,
 * the prolog; the encoding the prolog declares (or a BOM) is honoured.
 * Moves nested inside a <Move> (variations, in programs that write them)
 * are counted in nvariations, not kept.  Head elements become PGN tags
 * (Name→Title, Contest→Event, Round, Date, Site, Red, Black, RedTeam,
 * BlackTeam, Commentator→Annotator, ECCO).  Errors: "FILE:LINE:COL: why"
 * ("move 3 '77-99': unreadable: rows are 0-9", "truncated: <MoveList> is
 * not closed").
 */
#ifndef QP_CBF_H
#define QP_CBF_H

#include "record_format.h"

qp_sniff qp_cbf_sniff(const unsigned char *data, size_t len);
int qp_cbf_parse(qp_record *rec, const char *name, const unsigned char *data, size_t len, char *err,
                 size_t errn);

#endif
