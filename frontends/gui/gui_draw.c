/*
 * gui_draw.c — one frame: the board (gui_board.c), the side panel and
 * dialogs (gui_panel.c), over the shared paint (gui_paint.c).
 */
#include "gui_draw.h"

#include <stdio.h>
#include <string.h>

#include "gui_board.h"
#include "gui_panel.h"
#include "gui_picker.h"
#include "gui_toolview.h"

/* ---- frame ------------------------------------------------------------ */

int gui_draw_init(gui_draw_ctx *d, SDL_Renderer *ren, char *err, size_t errn)
{
    memset(d, 0, sizeof *d);
    if (SDL_SetRenderDrawBlendMode(ren, SDL_BLENDMODE_BLEND) < 0) {
        snprintf(err, errn, "SDL_SetRenderDrawBlendMode: %s", SDL_GetError());
        return -1;
    }
    if (gui_gfx_init(&d->gfx, ren)) {
        snprintf(err, errn, "out of memory");
        return -1;
    }
    if (gui_fonts_open(&d->fonts, ren, err, errn)) {
        gui_gfx_free(&d->gfx);
        return -1;
    }
    return 0;
}

void gui_draw_flush(gui_draw_ctx *d)
{
    gui_board_flush(d);
    gui_paint_drop_shapes(d);
    gui_fonts_flush(&d->fonts);
}

void gui_draw_free(gui_draw_ctx *d)
{
    gui_draw_flush(d);
    gui_fonts_close(&d->fonts);
    gui_gfx_free(&d->gfx);
}

void gui_draw_frame(gui_draw_ctx *d, const gui_layout *L, const gui_state *st, Uint32 ticks)
{
    SDL_SetRenderDrawColor(d->gfx.ren, GUI_BG.r, GUI_BG.g, GUI_BG.b, 255);
    SDL_RenderClear(d->gfx.ren);
    d->fonts.layer = 0;
    gui_draw_board(d, L, st);
    gui_draw_panel(d, L, st, ticks);
    d->fonts.layer = 1;   /* a dialog covers the window: its texts are measured apart */
    /* the player tools draw their own dialogs (gui_toolview.h) */
    if (st->dialog != GUI_DLG_NONE && !gui_toolview_draw(d, L, st) && !gui_picker_draw(d, L, st))
        gui_draw_dialog(d, L, st, ticks);
    gui_fonts_end_frame(&d->fonts);
    d->frame++;
}
