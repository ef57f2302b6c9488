from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.hint_report import HintReport
from ...models.hint_request_type_0 import HintRequestType0
from ...models.hint_request_type_1 import HintRequestType1
from ...models.hint_request_type_2 import HintRequestType2
from ...models.hint_request_type_3 import HintRequestType3
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: HintRequestType0 | HintRequestType1 | HintRequestType2 | HintRequestType3,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/hint",
    }

    if isinstance(body, HintRequestType0):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, HintRequestType1):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, HintRequestType2):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> HintReport | Problem | None:
    if response.status_code == 200:
        response_200 = HintReport.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 405:
        response_405 = Problem.from_dict(response.json())

        return response_405

    if response.status_code == 408:
        response_408 = Problem.from_dict(response.json())

        return response_408

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 414:
        response_414 = Problem.from_dict(response.json())

        return response_414

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = Problem.from_dict(response.json())

        return response_431

    if response.status_code == 500:
        response_500 = Problem.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if response.status_code == 504:
        response_504 = Problem.from_dict(response.json())

        return response_504

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[HintReport | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: HintRequestType0 | HintRequestType1 | HintRequestType2 | HintRequestType3,
) -> Response[HintReport | Problem]:
    """Hint: the next deduction from the player's position, or the first wrong mark.

     The next deduction the rater would make from the player's position (its technique, the
    cells and clues it reads, the cell it fills, and one sentence in plain words), or the
    first mark that contradicts the unique solution. Cells are `[row, col]` from 0; the
    sentence counts rows and columns from 1. A deduction hint is the rater's next *placement*:
    eliminations that fill no cell come with it in `deductions`, and `technique`/`level` are
    the hardest among them. `kind` is `deduction`, `wrong`, `solved`, or `reveal` when the
    techniques cannot go on (the first open cell's value is given instead). A genre whose
    rating is of a decoded grid (sums in letters) is hinted on that grid.

    Args:
        body (HintRequestType0 | HintRequestType1 | HintRequestType2 | HintRequestType3): A puzzle
            with exactly one solution, and a player's (possibly partial) answer to hint from.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HintReport | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: HintRequestType0 | HintRequestType1 | HintRequestType2 | HintRequestType3,
) -> HintReport | Problem | None:
    """Hint: the next deduction from the player's position, or the first wrong mark.

     The next deduction the rater would make from the player's position (its technique, the
    cells and clues it reads, the cell it fills, and one sentence in plain words), or the
    first mark that contradicts the unique solution. Cells are `[row, col]` from 0; the
    sentence counts rows and columns from 1. A deduction hint is the rater's next *placement*:
    eliminations that fill no cell come with it in `deductions`, and `technique`/`level` are
    the hardest among them. `kind` is `deduction`, `wrong`, `solved`, or `reveal` when the
    techniques cannot go on (the first open cell's value is given instead). A genre whose
    rating is of a decoded grid (sums in letters) is hinted on that grid.

    Args:
        body (HintRequestType0 | HintRequestType1 | HintRequestType2 | HintRequestType3): A puzzle
            with exactly one solution, and a player's (possibly partial) answer to hint from.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HintReport | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: HintRequestType0 | HintRequestType1 | HintRequestType2 | HintRequestType3,
) -> Response[HintReport | Problem]:
    """Hint: the next deduction from the player's position, or the first wrong mark.

     The next deduction the rater would make from the player's position (its technique, the
    cells and clues it reads, the cell it fills, and one sentence in plain words), or the
    first mark that contradicts the unique solution. Cells are `[row, col]` from 0; the
    sentence counts rows and columns from 1. A deduction hint is the rater's next *placement*:
    eliminations that fill no cell come with it in `deductions`, and `technique`/`level` are
    the hardest among them. `kind` is `deduction`, `wrong`, `solved`, or `reveal` when the
    techniques cannot go on (the first open cell's value is given instead). A genre whose
    rating is of a decoded grid (sums in letters) is hinted on that grid.

    Args:
        body (HintRequestType0 | HintRequestType1 | HintRequestType2 | HintRequestType3): A puzzle
            with exactly one solution, and a player's (possibly partial) answer to hint from.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HintReport | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: HintRequestType0 | HintRequestType1 | HintRequestType2 | HintRequestType3,
) -> HintReport | Problem | None:
    """Hint: the next deduction from the player's position, or the first wrong mark.

     The next deduction the rater would make from the player's position (its technique, the
    cells and clues it reads, the cell it fills, and one sentence in plain words), or the
    first mark that contradicts the unique solution. Cells are `[row, col]` from 0; the
    sentence counts rows and columns from 1. A deduction hint is the rater's next *placement*:
    eliminations that fill no cell come with it in `deductions`, and `technique`/`level` are
    the hardest among them. `kind` is `deduction`, `wrong`, `solved`, or `reveal` when the
    techniques cannot go on (the first open cell's value is given instead). A genre whose
    rating is of a decoded grid (sums in letters) is hinted on that grid.

    Args:
        body (HintRequestType0 | HintRequestType1 | HintRequestType2 | HintRequestType3): A puzzle
            with exactly one solution, and a player's (possibly partial) answer to hint from.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HintReport | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
