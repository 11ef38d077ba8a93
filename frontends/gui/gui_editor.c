/*
 * gui_editor.c — the position editor's state (see gui_editor.h).
 */
#include "gui_editor.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fen.h"

/* The letters of FEN text fen's board field into out; 0 or -1.  Pieces
 * in hand written after the board ("…/t3t[GGGG]") go to hand. */
static int board_of(const qp_rules *r, const char *fen, char *out, qp_fen_fields *f, char *hand, size_t handn)
{
    qp_fen_error e;
    char board[QP_FEN_MAX];
    memset(out, 0, QP_MAX_POINTS);
    if (qp_fen_split(fen, 1, 64, f, &e)) return -1;
    snprintf(board, sizeof board, "%s", f->field[0]);
    char *br = strchr(board, '[');
    if (hand) snprintf(hand, handn, "%s", br ? br : "");
    if (br) *br = 0;
    return qp_fen_parse_board(r->geom.w, r->geom.h, board, NULL, out, &e);
}

static int pal_find(const gui_editor *e, char letter)
{
    for (int i = 0; i < e->npal; i++)
        if (e->pal[i].letter == letter) return i;
    return -1;
}

/* Adds the pieces standing in position s to the palette. */
static void learn_pieces(gui_editor *e, const void *s)
{
    const qp_rules *r = e->r;
    for (int sq = 0; sq < r->geom.n && e->npal < GUI_ED_PALETTE; sq++) {
        qp_piece_view pv;
        if (!r->rs->piece_at(r, s, sq, &pv) || !pv.letter || pal_find(e, pv.letter) >= 0) continue;
        int i = e->npal++;
        e->pal[i] = pv;
        snprintf(e->glyphs[i], sizeof e->glyphs[i], "%s", pv.glyph ? pv.glyph : "");
        e->pal[i].glyph = e->glyphs[i];
    }
}


int gui_editor_open(gui_editor *e, const qp_rules *r, const void *s, char *err, size_t errn)
{
    memset(e, 0, sizeof *e);
    e->r = r;
    e->tool = -1;
    if (!r->rs->fen_parse || !r->rs->fen_print) {
        snprintf(err, errn, "%s has no FEN: its positions cannot be set up", r->rs->name);
        return -1;
    }
    void *start = calloc(1, r->state_size ? r->state_size : 1);
    char fen[QP_FEN_MAX];
    qp_fen_fields *f = malloc(sizeof *f);
    if (!start || !f) {
        free(start);
        free(f);
        snprintf(err, errn, "out of memory");
        return -1;
    }
    r->rs->setup(r, start);
    r->rs->fen_print(r, start, fen, sizeof fen);
    int bad = board_of(r, fen, e->start, f, e->start_hand, sizeof e->start_hand);
    if (!bad) {
        snprintf(e->tail, sizeof e->tail, "%s", "");
        for (int i = 2; i < f->n && i < QP_FEN_MAX_FIELDS; i++) {
            size_t k = strlen(e->tail);
            snprintf(e->tail + k, sizeof e->tail - k, "%s%s", k ? " " : "", f->field[i]);
        }
        char side = f->n > 1 ? f->field[1][0] : 'w';
        snprintf(e->side_letters, sizeof e->side_letters, "%s", side == 'w' || side == 'b' ? "wb" : side == 'r' ? "rb" : "wb");
    }
    learn_pieces(e, start);
    if (!bad) {
        r->rs->fen_print(r, s, fen, sizeof fen);
        bad = board_of(r, fen, e->letters, f, e->hand, sizeof e->hand);
        learn_pieces(e, s);
    }
    free(start);
    free(f);
    if (bad) {
        snprintf(err, errn, "%s writes a FEN the editor cannot read", r->rs->name);
        return -1;
    }
    /* stable: the order pieces were met within each side */
    qp_piece_view pal[GUI_ED_PALETTE];
    char glyphs[GUI_ED_PALETTE][16];
    int k = 0;
    for (int side = 0; side <= 2; side++)
        for (int i = 0; i < e->npal; i++)
            if (e->pal[i].side == side || (side == 2 && e->pal[i].side > 2)) {
                pal[k] = e->pal[i];
                memcpy(glyphs[k], e->glyphs[i], sizeof glyphs[k]);
                k++;
            }
    for (int i = 0; i < k; i++) {
        e->pal[i] = pal[i];
        memcpy(e->glyphs[i], glyphs[i], sizeof e->glyphs[i]);
        e->pal[i].glyph = e->glyphs[i];
    }
    e->npal = k;
    e->side = r->rs->side_to_move(r, s);
    e->tool = e->npal > 0 ? 0 : -1;
    return 0;
}

void gui_editor_click(gui_editor *e, int sq)
{
    if (sq < 0 || sq >= e->r->geom.n || qp_geom_is_hole(&e->r->geom, sq)) return;
    e->err[0] = 0;
    if (e->tool < 0 || e->tool >= e->npal) e->letters[sq] = 0;
    else if (e->letters[sq] == e->pal[e->tool].letter) e->letters[sq] = 0;
    else e->letters[sq] = e->pal[e->tool].letter;
}

void gui_editor_clear(gui_editor *e)
{
    memset(e->letters, 0, sizeof e->letters);
    e->err[0] = 0;
}

void gui_editor_start(gui_editor *e)
{
    memcpy(e->letters, e->start, sizeof e->letters);
    memcpy(e->hand, e->start_hand, sizeof e->hand);
    e->side = 0;
    e->err[0] = 0;
}

void gui_editor_toggle_side(gui_editor *e)
{
    if (e->r->nsides > 1) e->side = !e->side;
    e->err[0] = 0;
}

bool gui_editor_piece_at(const gui_editor *e, int sq, qp_piece_view *out)
{
    if (sq < 0 || sq >= e->r->geom.n || !e->letters[sq]) return false;
    int i = pal_find(e, e->letters[sq]);
    if (i < 0) return false;
    *out = e->pal[i];
    return true;
}

void gui_editor_fen(const gui_editor *e, char *buf, size_t n)
{
    size_t k = qp_fen_print_board(e->r->geom.w, e->r->geom.h, e->letters, buf, n);
    if (k + 1 < n) k += (size_t)snprintf(buf + k, n - k, "%s", e->hand);
    if (k + 1 < n) snprintf(buf + k, n - k, " %c%s%s", e->side_letters[e->side ? 1 : 0], e->tail[0] ? " " : "", e->tail);
}

int gui_editor_game(gui_editor *e, qp_game *g, char *err, size_t errn)
{
    char fen[QP_FEN_MAX];
    gui_editor_fen(e, fen, sizeof fen);
    qp_game ng;
    if (qp_game_init(&ng, e->r, fen, err, errn)) {
        snprintf(e->err, sizeof e->err, "%s", err);
        return -1;
    }
    *g = ng;
    e->err[0] = 0;
    return 0;
}
